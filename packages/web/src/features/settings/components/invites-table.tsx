import type { Invite } from '@ipam/core/api/account';
import { roleLabels } from '@ipam/core/roles';
import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { useInviteLink } from '../api/create-invite.js';
import { useDeleteInvite } from '../api/delete-invite.js';
import { InviteLinkView } from './invite-link-view.js';

interface InvitesTableProps {
  accountId: string;
  invites: Invite[];
  /** Whether the caller manages invites (an admin or an owner): only they see the actions. */
  canManage: boolean;
}

/** The "Pending Invites" table: Email, Role, Invited At, Actions; "No pending invites." when empty. */
export function InvitesTable({ accountId, invites, canManage }: InvitesTableProps) {
  const deleteInvite = useDeleteInvite(accountId);
  const inviteLink = useInviteLink(accountId);
  if (invites.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No pending invites.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label="Pending Invites">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Invited At</Table.Th>
            {canManage && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => (
            <Table.Tr key={invite.id}>
              <Table.Td>{invite.email}</Table.Td>
              <Table.Td>{roleLabels[invite.role]}</Table.Td>
              <Table.Td>{formatDateTime(invite.invitedAt, '')}</Table.Td>
              {canManage && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Show link for ${invite.email}`}
                      loading={inviteLink.isPending && inviteLink.variables === invite.id}
                      onClick={() =>
                        inviteLink.mutate(invite.id, {
                          onError: (error) =>
                            notifications.show({ color: 'red', message: errorMessage(error) }),
                        })
                      }
                    >
                      Show link
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Remove invite for ${invite.email}`}
                      loading={deleteInvite.isPending && deleteInvite.variables === invite.id}
                      onClick={() =>
                        deleteInvite.mutate(invite.id, {
                          onError: (error) =>
                            notifications.show({ color: 'red', message: errorMessage(error) }),
                        })
                      }
                    >
                      Remove
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={inviteLink.isSuccess} onClose={inviteLink.reset} title="Invitation link">
        {inviteLink.data && <InviteLinkView invite={inviteLink.data} onDone={inviteLink.reset} />}
      </Modal>
    </Table.ScrollContainer>
  );
}
