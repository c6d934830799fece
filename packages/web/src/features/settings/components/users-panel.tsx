import { counted } from '@ipam/core/plural';
import type { Account } from '@ipam/core/api/account';
import { ActionIcon, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconRefresh, IconUserPlus } from '@tabler/icons-react';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { useSignedInUser } from '../../../lib/auth.js';
import { useCan } from '../../../lib/use-can.js';
import { useInvites } from '../api/get-invites.js';
import { useAccountUsers } from '../api/get-users.js';
import { InviteUserModal } from './invite-user-modal.js';
import { InvitesTable } from './invites-table.js';
import { UsersTable } from './users-table.js';

/**
 * Settings › Users (spec §2): members with their roles (an owner sets them), the invite button for admins
 * and owners (disabled at the user limit), pending invites.
 */
export function UsersPanel({ account }: { account: Account }) {
  const { can } = useCan();
  const me = useSignedInUser();
  const users = useAccountUsers(account.id);
  const invites = useInvites(account.id);
  const [isInviteOpen, inviteModal] = useDisclosure(false);
  const maxUsers = account.maxusers;
  // Pending invites hold a seat too: the server refuses an invite that could exceed the limit.
  const seatsTaken = (users.data?.length ?? 0) + (invites.data?.length ?? 0);
  const isAtLimit = seatsTaken >= maxUsers;
  const isLoaded = users.isSuccess && invites.isSuccess;

  function refresh() {
    void users.refetch();
    void invites.refetch();
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Users</Title>
        <Group gap="xs">
          <Tooltip label="Refresh">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={refresh}
              loading={users.isFetching || invites.isFetching}
              aria-label="Refresh users"
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          {can('admin') && (
            <Tooltip
              label={`You have reached the maximum number of users (${maxUsers}) for your plan, pending invites included.`}
              disabled={!isLoaded || !isAtLimit}
              multiline
              w={260}
            >
              {/* A disabled button fires no hover events; the wrapper lets the tooltip explain why. */}
              <span>
                <Button
                  leftSection={<IconUserPlus size={18} />}
                  onClick={inviteModal.open}
                  disabled={!isLoaded || isAtLimit}
                >
                  Invite User
                </Button>
              </span>
            </Tooltip>
          )}
        </Group>
      </Group>
      {users.isPending && <SectionLoader label="Loading users..." />}
      {users.isError && <SectionError error={users.error} onRetry={() => void users.refetch()} />}
      {users.data && (
        <>
          <UsersTable account={account} userId={me.user.id} users={users.data} />
          <Text size="sm" c="dimmed" data-testid="user-count">
            {`${counted(users.data.length, 'user')} of ${maxUsers}`}
          </Text>
        </>
      )}
      <Title order={4} mt="md">
        Pending Invites
      </Title>
      {invites.isPending && <SectionLoader label="Loading invites..." />}
      {invites.isError && <SectionError error={invites.error} onRetry={() => void invites.refetch()} />}
      {invites.data && (
        <InvitesTable accountId={account.id} invites={invites.data} canManage={can('admin')} />
      )}
      <InviteUserModal
        accountId={account.id}
        opened={isInviteOpen}
        onClose={inviteModal.close}
        canInviteOwner={can('owner')}
      />
    </Stack>
  );
}
