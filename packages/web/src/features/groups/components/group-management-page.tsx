import type { Group } from '@ipam/core/api/ipam';
import { tableFileRoutes } from '@ipam/core/api/routes/table-files';
import { messages } from '@ipam/core/messages';
import { Alert, Anchor, Button, Group as Row, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { SUBNET_COLUMNS } from '@ipam/core/table-files';
import { GroupFormModal } from '../../../components/groups/group-form-modal.js';
import { ExportMenu } from '../../../components/table-files/export-menu.js';
import { ImportDialog } from '../../../components/table-files/import-dialog.js';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { PageTitle } from '../../../components/ui/page-title.js';
import { paths } from '../../../config/paths.js';
import { apiUrl, errorMessage } from '../../../lib/api-client.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useGroups } from '../../../lib/groups/get-groups.js';
import { flattenGroupTree, buildGroupTree } from '../../../lib/groups/group-tree.js';
import { useDeleteGroup } from '../../../lib/groups/save-group.js';
import { useSubnets } from '../../../lib/subnets/get-subnets.js';
import { useCan } from '../../../lib/use-can.js';

/**
 * /settings/groupmanagement (spec §2): every group with its parent, Edit, Delete and "+ Add Group" — each
 * button only where the caller's role allows it (`useCan`).
 */
export function GroupManagementPage() {
  const account = useCurrentAccount();
  return (
    <>
      <PageTitle text="Group Management" />
      {account ? (
        <GroupManagement accountId={account.id} />
      ) : (
        <Text c="dimmed">You are not linked to any account.</Text>
      )}
    </>
  );
}

function GroupManagement({ accountId }: { accountId: string }) {
  const groups = useGroups(accountId);
  const subnets = useSubnets(accountId);
  const deleteGroup = useDeleteGroup(accountId);
  const { canEditIn, canEditAll } = useCan();
  const [editing, setEditing] = useState<Group | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  // The server's refusal stays on the page (a group that still holds groups or subnets).
  const [refusal, setRefusal] = useState<{ name: string; message: string } | null>(null);
  const [importInto, setImportInto] = useState<Group | null>(null);
  const exportUrl = (format: 'csv' | 'xlsx') =>
    apiUrl(tableFileRoutes.exportSubnets, { params: { accountId }, query: { format } });

  const openForm = (group: Group | null) => {
    setEditing(group);
    setFormOpen(true);
  };

  const confirmDelete = (group: Group) => {
    // A group that still holds groups or subnets says so instead of asking (the server would refuse).
    const childGroups = (groups.data ?? []).filter((child) => child.parentId === group.id).length;
    const childSubnets = (subnets.data ?? []).filter((subnet) => subnet.groupId === group.id).length;
    if (childGroups > 0 || childSubnets > 0) {
      modals.open({
        title: 'Delete Group',
        children: (
          <Stack gap="md">
            <Text size="sm" role="alert">
              {`${group.name}: ${messages.groupNotEmpty(childGroups, childSubnets)}`}
            </Text>
            <Row justify="flex-end">
              <Button onClick={() => modals.closeAll()}>OK</Button>
            </Row>
          </Stack>
        ),
      });
      return;
    }
    modals.openConfirmModal({
      title: 'Delete Group',
      children: (
        <Text size="sm">
          Delete the group <b>{group.name}</b>? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setRefusal(null);
        deleteGroup.mutate(group.id, {
          onSuccess: () => notifications.show({ color: 'green', message: `Group ${group.name} deleted.` }),
          onError: (error) => setRefusal({ name: group.name, message: errorMessage(error) }),
        });
      },
    });
  };

  const list = groups.data ?? [];
  const nameOf = new Map(list.map((group) => [group.id, group.name]));
  const rows = flattenGroupTree(buildGroupTree(list)).map((node) => node.group);

  return (
    <>
      <Row justify="space-between" mb="md">
        <Anchor component={Link} to={paths.ips} size="sm">
          Back to IPs
        </Anchor>
        <Row gap="xs">
          <ExportMenu
            label="Export subnets"
            choices={[
              { label: 'All subnets (CSV)', href: exportUrl('csv') },
              { label: 'All subnets (XLSX)', href: exportUrl('xlsx') },
            ]}
          />
          {canEditAll && <Button onClick={() => openForm(null)}>+ Add Group</Button>}
        </Row>
      </Row>
      {refusal && (
        <Alert
          color="red"
          title={`Group ${refusal.name} was not deleted`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setRefusal(null)}
          mb="md"
          role="alert"
        >
          {refusal.message}
        </Alert>
      )}
      {groups.isPending ? (
        <SectionLoader label="Loading groups..." />
      ) : groups.isError ? (
        <SectionError error={groups.error} onRetry={() => void groups.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No groups available. Add a new group to get started.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label="Groups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Parent Group</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((group) => (
                <Table.Tr key={group.id}>
                  <Table.Td>{group.name}</Table.Td>
                  <Table.Td>{group.description}</Table.Td>
                  <Table.Td>{(group.parentId && nameOf.get(group.parentId)) || 'No Parent'}</Table.Td>
                  <Table.Td>
                    <Row gap="xs" wrap="nowrap">
                      {canEditIn(group.id) && (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Edit group ${group.name}`}
                          onClick={() => openForm(group)}
                        >
                          Edit
                        </Button>
                      )}
                      {canEditIn(group.id) && (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Import subnets into ${group.name}`}
                          onClick={() => setImportInto(group)}
                        >
                          Import subnets
                        </Button>
                      )}
                      {canEditAll && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Delete group ${group.name}`}
                          loading={deleteGroup.isPending && deleteGroup.variables === group.id}
                          onClick={() => confirmDelete(group)}
                        >
                          Delete
                        </Button>
                      )}
                    </Row>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ImportDialog
        title={`Import subnets into ${importInto?.name ?? ''}`}
        columns={SUBNET_COLUMNS}
        urlFor={(dryRun) =>
          apiUrl(tableFileRoutes.importSubnets, {
            params: { accountId, groupId: importInto?.id ?? '' },
            query: { dryRun },
          })
        }
        opened={importInto !== null}
        onClose={() => setImportInto(null)}
      />
      <GroupFormModal
        accountId={accountId}
        groups={list}
        opened={isFormOpen}
        group={editing}
        onClose={() => setFormOpen(false)}
      />
    </>
  );
}
