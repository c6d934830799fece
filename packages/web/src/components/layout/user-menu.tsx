import { Button, Menu, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChevronDown,
  IconLogout,
  IconMessageCircle,
  IconSwitchHorizontal,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { useSignedInUser } from '../../lib/auth.js';
import { MessageForm } from '../support/message-form.js';

/** The top bar's dropdown, headed by the user's e-mail address (spec §2, Top bar). */
export function UserMenu() {
  const me = useSignedInUser();
  const [isFeedbackOpen, feedback] = useDisclosure(false);
  const hasSeveralAccounts = me.accounts.length > 1;

  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md">
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            rightSection={<IconChevronDown size={16} />}
            aria-label={`User menu for ${me.user.email}`}
            maw={{ base: 180, sm: 420 }}
          >
            <Text truncate="end" size="sm" fw={500}>
              {me.user.email}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{me.user.email}</Menu.Label>
          <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
            Profile
          </Menu.Item>
          <Menu.Item component={Link} to={paths.security} leftSection={<IconShieldLock size={16} />}>
            Security
          </Menu.Item>
          {hasSeveralAccounts && (
            <Menu.Item component={Link} to={paths.accounts} leftSection={<IconSwitchHorizontal size={16} />}>
              Switch Account
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconMessageCircle size={16} />} onClick={feedback.open}>
            Feedback
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item component={Link} to={paths.logout} leftSection={<IconLogout size={16} />}>
            Log Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={isFeedbackOpen} onClose={feedback.close} title="Feedback" size="xl">
        <MessageForm kind="feedback" />
      </Modal>
    </>
  );
}
