import type { Account } from '@ipam/core/api/account';
import { hasSupportTickets } from '@ipam/core/tiers';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowUpRight, IconLifebuoy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { MessageForm } from '../../../components/support/message-form.js';

/** Settings › Account Info (spec §2): read-only fields, upgrade, and a support ticket above tier 0. */
export function AccountInfo({ account }: { account: Account }) {
  const [isTicketOpen, ticket] = useDisclosure(false);
  const fields = [
    { label: 'Account ID', value: account.id },
    { label: 'Tier', value: account.tierName },
    { label: 'Max Users', value: String(account.maxusers) },
    { label: 'Max Networks', value: String(account.maxnetworks) },
  ];
  return (
    <Stack>
      <Title order={3}>Account Information</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
        {fields.map(({ label, value }) => (
          <TextInput key={label} label={label} value={value} readOnly variant="filled" />
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} to={paths.upgrade} leftSection={<IconArrowUpRight size={18} />}>
          Upgrade Account
        </Button>
        {hasSupportTickets(account.tier) && (
          <Button variant="light" leftSection={<IconLifebuoy size={18} />} onClick={ticket.open}>
            Open Support Ticket
          </Button>
        )}
      </Group>
      <Modal opened={isTicketOpen} onClose={ticket.close} title="Open Support Ticket" size="xl">
        <MessageForm kind="support" />
      </Modal>
    </Stack>
  );
}
