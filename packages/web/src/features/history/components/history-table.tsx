import type { AuditItem } from '@ipam/core/api/ipam';
import { Table, Text } from '@mantine/core';
import { ChangeDetails } from '../../../components/audit/change-details.js';
import { changeAuthor, changeSummary } from '@ipam/core/audit/describe-audit';
import { formatDateTime } from '../../../lib/format.js';

interface HistoryTableProps {
  items: readonly AuditItem[];
  /** Whether the view shows one subnet only (its name then goes without saying). */
  isOneSubnet: boolean;
}

/** Who, when, what and before → after, one change a row. */
export function HistoryTable({ items, isOneSubnet }: HistoryTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label="Change history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>When</Table.Th>
            <Table.Th w={220}>Who</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Before → After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            // Names of what the entry refers to by id come with it (the server looks them up).
            const ctx = { names: item.names };
            const subnetName = item.subnetId ? item.names[item.subnetId] : undefined;
            return (
              <Table.Tr key={item.id} data-testid="history-row">
                <Table.Td>
                  <Text size="sm">{formatDateTime(item.at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate>
                    {changeAuthor(item)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {changeSummary(item, ctx)}
                  </Text>
                  {!isOneSubnet &&
                    subnetName &&
                    item.entity !== 'subnet' &&
                    item.action !== 'import' &&
                    item.entity !== 'scan' && (
                      <Text size="xs" c="dimmed">
                        in {subnetName}
                      </Text>
                    )}
                </Table.Td>
                <Table.Td>
                  <ChangeDetails item={item} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
