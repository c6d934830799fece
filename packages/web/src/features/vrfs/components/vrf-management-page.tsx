import type { Vrf } from '@ipam/core/api/ipam';
import { messages } from '@ipam/core/messages';
import { Alert, Anchor, Badge, Button, Group as Row, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { PageTitle } from '../../../components/ui/page-title.js';
import { paths } from '../../../config/paths.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCurrentAccount } from '../../../lib/auth.js';
import { useVrfs } from '../../../lib/vrfs/get-vrfs.js';
import { useDeleteVrf } from '../api/save-vrf.js';
import { VrfFormModal } from './vrf-form-modal.js';
import { useCan } from '../../../lib/use-can.js';

/** /settings/vrfs (issue 30): the account's VRFs (routing domains) with Edit and Delete, and "+ Add VRF". */
export function VrfManagementPage() {
  const account = useCurrentAccount();
  return (
    <>
      <PageTitle text="VRF Management" />
      {account ? (
        <VrfManagement accountId={account.id} />
      ) : (
        <Text c="dimmed">You are not linked to any account.</Text>
      )}
    </>
  );
}

function VrfManagement({ accountId }: { accountId: string }) {
  const vrfs = useVrfs(accountId);
  const deleteVrf = useDeleteVrf(accountId);
  // VRFs span the account: an editor limited to groups, like a viewer, only reads them.
  const { canEditAll } = useCan();
  const [editing, setEditing] = useState<Vrf | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  // The server's refusal stays on the page (a VRF that still holds subnets).
  const [refusal, setRefusal] = useState<{ name: string; message: string } | null>(null);

  const openForm = (vrf: Vrf | null) => {
    setEditing(vrf);
    setFormOpen(true);
  };

  const confirmDelete = (vrf: Vrf) =>
    modals.openConfirmModal({
      title: 'Delete VRF',
      children: (
        <Text size="sm">
          Delete the VRF <b>{vrf.name}</b>? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setRefusal(null);
        deleteVrf.mutate(vrf.id, {
          onSuccess: () => notifications.show({ color: 'green', message: `VRF ${vrf.name} deleted.` }),
          onError: (error) => setRefusal({ name: vrf.name, message: errorMessage(error) }),
        });
      },
    });

  const rows = vrfs.data ?? [];
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm" maw={720}>
        A VRF is a routing domain: the same network may exist once in each VRF. Subnets created without a VRF
        belong to Global.
      </Text>
      <Row justify="space-between" mb="md">
        <Anchor component={Link} to={paths.ips} size="sm">
          Back to IPs
        </Anchor>
        {canEditAll && <Button onClick={() => openForm(null)}>+ Add VRF</Button>}
      </Row>
      {refusal && (
        <Alert
          color="red"
          title={`VRF ${refusal.name} was not deleted`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setRefusal(null)}
          mb="md"
          role="alert"
        >
          {refusal.message}
        </Alert>
      )}
      {vrfs.isPending ? (
        <SectionLoader label="Loading VRFs..." />
      ) : vrfs.isError ? (
        <SectionError error={vrfs.error} onRetry={() => void vrfs.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No VRFs available. Add a new VRF to get started.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label="VRFs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Route Distinguisher</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Subnets</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((vrf) => (
                <Table.Tr key={vrf.id}>
                  <Table.Td>
                    <Row gap={6} wrap="nowrap">
                      <Text size="sm">{vrf.name}</Text>
                      {vrf.isDefault && (
                        <Badge size="xs" variant="light" color="gray">
                          Default
                        </Badge>
                      )}
                    </Row>
                  </Table.Td>
                  <Table.Td>{vrf.rd ?? '—'}</Table.Td>
                  <Table.Td>{vrf.description}</Table.Td>
                  <Table.Td ta="right">{vrf.subnetCount.toLocaleString('en-US')}</Table.Td>
                  <Table.Td>
                    {canEditAll && (
                      <Row gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Edit VRF ${vrf.name}`}
                          onClick={() => openForm(vrf)}
                        >
                          Edit
                        </Button>
                        {vrf.isDefault ? (
                          <Tooltip label={messages.vrfDefaultFixed} withArrow>
                            <Button
                              size="xs"
                              variant="subtle"
                              color="gray"
                              aria-label={`Delete VRF ${vrf.name}`}
                              aria-disabled
                              data-disabled
                              onClick={(event) => event.preventDefault()}
                            >
                              Delete
                            </Button>
                          </Tooltip>
                        ) : (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Delete VRF ${vrf.name}`}
                            loading={deleteVrf.isPending && deleteVrf.variables === vrf.id}
                            onClick={() => confirmDelete(vrf)}
                          >
                            Delete
                          </Button>
                        )}
                      </Row>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <VrfFormModal
        accountId={accountId}
        opened={isFormOpen}
        vrf={editing}
        onClose={() => setFormOpen(false)}
      />
    </>
  );
}
