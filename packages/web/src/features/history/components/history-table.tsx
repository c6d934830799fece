import type { AuditItem } from '@ipam/core/api/ipam';
import { Table, Text } from '@mantine/core';
import { ChangeDetails } from '../../../components/audit/change-details.js';
import { changeAuthor, changeSummary } from '../../../lib/audit/describe-change.js';
import { formatDateTime } from '../../../lib/format.js';

interface HistoryTableProps {
  items: readonly AuditItem[];
  /** Subnet names by id, to say where an address change happened. */
  subnetNames: ReadonlyMap<string, string>;
  /** Group names by id, for a subnet or group moved from one group to another. */
  groupNames: ReadonlyMap<string, string>;
  /** Whether the view shows one subnet only (its name then goes without saying). */
  isOneSubnet: boolean;
}

/** Who, when, what and before → after, one change a row. */
export function HistoryTable({ items, subnetNames, groupNames, isOneSubnet }: HistoryTableProps) {
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
            const subnetName = item.subnetId ? subnetNames.get(item.subnetId) : undefined;
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
                    {changeSummary(item)}
                  </Text>
                  {!isOneSubnet && subnetName && item.entity !== 'subnet' && (
                    <Text size="xs" c="dimmed">
                      in {subnetName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <ChangeDetails item={item} names={groupNames} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
