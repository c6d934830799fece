import type { ScanHistory } from '@ipam/core/api/scan-history';
import { Anchor, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useScanHistory } from '../api/scan-history.js';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "HQ", "HQ and Lab", or the reason nothing will scan the subnet. */
function coverageText(history: ScanHistory): string {
  const active = history.coveringScanners.filter((scanner) => !scanner.blockScanning);
  if (active.length === 0) return 'no active scanner covers it';
  return `covered by ${active.map((scanner) => scanner.name).join(', ')}`;
}

/**
 * The subnet header's scan line: when it was last scanned, which scanner covers it, and its scan
 * history (when, which scanner, method, hosts alive, changes, duration) in a dialog.
 */
export function ScanStatus({ accountId, subnetId }: { accountId: string; subnetId: string }) {
  const history = useScanHistory(accountId, subnetId, true);
  const [isOpen, setOpen] = useState(false);
  if (!history.data) return null;
  const { data } = history;
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="scan-status">
        {data.lastScanned ? `Last scanned ${dateTime.format(new Date(data.lastScanned))}` : 'Never scanned'}
        {` · ${coverageText(data)} · `}
        <Anchor component="button" size="sm" onClick={() => setOpen(true)}>
          Scan history
        </Anchor>
      </Text>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title="Scan history" size="xl">
        {data.items.length === 0 ? (
          <Text size="sm">No scan has reported yet.</Text>
        ) : (
          <Table striped aria-label="Scan history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Scanner</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th ta="right">Hosts alive</Table.Th>
                <Table.Th ta="right">Changes</Table.Th>
                <Table.Th ta="right">Duration</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td>{dateTime.format(new Date(run.startedAt))}</Table.Td>
                  <Table.Td>{run.scannerName}</Table.Td>
                  <Table.Td>{run.methods.length > 0 ? run.methods.join(', ') : '—'}</Table.Td>
                  <Table.Td ta="right">
                    {run.alive} of {run.hosts}
                  </Table.Td>
                  <Table.Td ta="right">
                    {run.scanningType === 'approval' ? `${run.approvals} proposed` : `${run.applied} written`}
                  </Table.Td>
                  <Table.Td ta="right">
                    {run.isDone
                      ? `${run.durationSeconds.toFixed(run.durationSeconds < 10 ? 1 : 0)} s`
                      : 'running'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Modal>
    </>
  );
}
