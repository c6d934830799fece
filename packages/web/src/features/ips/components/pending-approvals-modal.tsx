import type { Approval } from '@ipam/core/api/ipam';
import { Alert, Box, Button, Group as Row, Modal, Stack, Table, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.js';
import { useSettleApprovals } from '../api/approvals.js';
import { ApprovalChanges } from './approval-changes.js';
import { BusyOverlay } from './busy-overlay.js';

interface PendingApprovalsModalProps {
  accountId: string;
  subnetId: string;
  approvals: readonly Approval[];
  opened: boolean;
  onClose: () => void;
}

/** Pending Approvals: what scans found, each with its recommendation; Confirm, Ignore, and for all. */
export function PendingApprovalsModal({
  accountId,
  subnetId,
  approvals,
  opened,
  onClose,
}: PendingApprovalsModalProps) {
  const settle = useSettleApprovals(accountId, subnetId);
  const busyId = settle.isPending ? settle.variables.approvalId : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title="Pending Approvals" size="80rem">
      <Box pos="relative">
        <BusyOverlay visible={settle.isPending && busyId === null} />
        <Stack>
          {approvals.length === 0 ? (
            <Text c="dimmed">No pending approvals.</Text>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table striped aria-label="Pending Approvals">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>IP Address</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Hostname</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th>Recommendation</Table.Th>
                    <Table.Th>Confirm writes</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {approvals.map((approval) => (
                    <Table.Tr key={approval.id}>
                      <Table.Td ff="monospace">{approval.ipAddress}</Table.Td>
                      <Table.Td>{approval.status}</Table.Td>
                      <Table.Td>{approval.hostname}</Table.Td>
                      <Table.Td>{approval.description}</Table.Td>
                      <Table.Td>Change to {approval.recommendation}</Table.Td>
                      <Table.Td>
                        <ApprovalChanges approval={approval} />
                      </Table.Td>
                      <Table.Td>
                        <Row gap="xs" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            aria-label={`Confirm ${approval.ipAddress}`}
                            loading={busyId === approval.id && settle.variables?.action === 'confirm'}
                            onClick={() => settle.mutate({ action: 'confirm', approvalId: approval.id })}
                          >
                            Confirm
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={`Ignore ${approval.ipAddress}`}
                            loading={busyId === approval.id && settle.variables?.action === 'ignore'}
                            onClick={() => settle.mutate({ action: 'ignore', approvalId: approval.id })}
                          >
                            Ignore
                          </Button>
                        </Row>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {settle.isError && (
            <Alert color="red" role="alert">
              {errorMessage(settle.error)}
            </Alert>
          )}
          <Row justify="space-between">
            <Row>
              <Button
                disabled={approvals.length === 0}
                onClick={() => settle.mutate({ action: 'confirm', approvalId: null })}
              >
                Confirm All
              </Button>
              <Button
                variant="default"
                disabled={approvals.length === 0}
                onClick={() => settle.mutate({ action: 'ignore', approvalId: null })}
              >
                Ignore All
              </Button>
            </Row>
            <Button variant="subtle" onClick={onClose}>
              Close
            </Button>
          </Row>
        </Stack>
      </Box>
    </Modal>
  );
}
