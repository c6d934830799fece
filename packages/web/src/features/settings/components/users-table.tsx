import type { Account, Member } from '@ipam/core/api/account';
import { Badge, Button, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { useGroups } from '../../../lib/groups/get-groups.js';
import { useCan } from '../../../lib/use-can.js';
import { useRemoveUser } from '../api/remove-user.js';
import { MemberRoleCell } from './member-role-cell.js';

interface UsersTableProps {
  account: Account;
  userId: string;
  users: Member[];
}

/**
 * The "Users" table: Email, Role, Last Login, Status, Actions. The account holder is labelled Owner;
 * an owner sets the others' roles (and an editor's groups); admins and owners remove members (an owner
 * only by an owner), the server refusing the rest.
 */
export function UsersTable({ account, userId, users }: UsersTableProps) {
  const accountId = account.id;
  const removeUser = useRemoveUser(accountId);
  const { can } = useCan();
  const groups = useGroups(accountId);
  const isRemovable = (user: Member) =>
    !user.isOwner && user.id !== userId && can('admin') && (user.role !== 'owner' || can('owner'));

  function confirmRemove(user: Member) {
    modals.openConfirmModal({
      title: 'Remove user',
      children: <Text size="sm">Remove {user.email} from this account? They lose access at once.</Text>,
      labels: { confirm: 'Confirm', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeUser.mutate(user.id, {
          onSuccess: () => notifications.show({ color: 'green', message: `${user.email} was removed.` }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });
  }

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Last Login</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <MemberRoleCell
                  accountId={accountId}
                  member={user}
                  isEditable={can('owner') && !user.isOwner && user.id !== userId}
                  groups={groups.data ?? []}
                />
              </Table.Td>
              <Table.Td>{formatDateTime(user.lastLogin)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={user.lastLogin ? 'green' : 'gray'}>
                  {user.lastLogin ? 'Active' : 'Never logged in'}
                </Badge>
              </Table.Td>
              <Table.Td>
                {/* The account holder's Owner label is their role; they are never removed. */}
                {isRemovable(user) && (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => confirmRemove(user)}
                    loading={removeUser.isPending && removeUser.variables === user.id}
                    aria-label={`Remove ${user.email}`}
                  >
                    Remove
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
