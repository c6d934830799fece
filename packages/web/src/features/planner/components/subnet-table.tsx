import type { PlanSubnet } from '@ipam/core/api/plan';
import { Box, Group, Paper, Switch, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { grouped } from '../lib/grouped.js';
import { defaultSort, type SortColumn, sortSubnets, toggleSort } from '../lib/subnet-sort.js';
import { type SubnetHandlers, SubnetActions } from './subnet-actions.js';
import { StatusBadge, VlanBadge } from './subnet-badges.js';
import { useVirtualRows } from './use-virtual-rows.js';
import { UtilizationBar } from './utilization-bar.js';

const columns: { column: SortColumn; label: string }[] = [
  { column: 'name', label: 'Name' },
  { column: 'network', label: 'Network' },
  { column: 'version', label: 'Version' },
  { column: 'status', label: 'Status' },
  { column: 'vlan', label: 'VLAN' },
  { column: 'usableHosts', label: 'Usable Hosts' },
  { column: 'currentHosts', label: 'Current Hosts' },
  { column: 'utilization', label: 'Utilization' },
];

const rowHeight = 45;
const headerHeight = 40;

interface SubnetTableProps {
  subnets: readonly PlanSubnet[];
  selectedId: string | null;
  initialShowUtilization: boolean;
  isWriting: boolean;
  handlers: SubnetHandlers;
}

/** The plan as a sortable table (PL-55); it scrolls inside its card (PL-108) and renders only visible rows. */
export function SubnetTable({
  subnets,
  selectedId,
  initialShowUtilization,
  isWriting,
  handlers,
}: SubnetTableProps) {
  const [sort, setSort] = useState(defaultSort);
  const [showUtilization, setShowUtilization] = useState(initialShowUtilization);
  const rows = useMemo(() => sortSubnets(subnets, sort), [subnets, sort]);
  const { boxRef, boxHeight, onScroll, range } = useVirtualRows(rows.length, rowHeight, headerHeight);

  return (
    <Paper withBorder>
      <Group justify="flex-end" p="xs">
        <Switch
          size="sm"
          label="Show Utilization"
          checked={showUtilization}
          onChange={(e) => setShowUtilization(e.currentTarget.checked)}
        />
      </Group>
      <Box
        ref={boxRef}
        onScroll={onScroll}
        h={Math.max(boxHeight, headerHeight + rowHeight)}
        style={{ overflow: 'auto' }}
      >
        <Table
          stickyHeader
          highlightOnHover
          miw={960}
          aria-label="Plan subnets"
          aria-rowcount={rows.length + 1}
        >
          <Table.Thead>
            <Table.Tr h={headerHeight}>
              {columns.map(({ column, label }) => {
                const isSorted = sort.column === column;
                const Icon = !isSorted
                  ? IconSelector
                  : sort.direction === 'asc'
                    ? IconChevronUp
                    : IconChevronDown;
                return (
                  <Table.Th
                    key={column}
                    aria-sort={isSorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <UnstyledButton onClick={() => setSort((before) => toggleSort(before, column))}>
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm" fw={600}>
                          {label}
                        </Text>
                        <Icon size={14} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {range.padTop > 0 && <tr aria-hidden style={{ height: range.padTop }} />}
            {rows.slice(range.start, range.end).map((subnet) => (
              <Table.Tr
                key={subnet.id}
                h={rowHeight}
                onClick={() => handlers.onSelect(subnet.id)}
                aria-selected={subnet.id === selectedId}
                bg={subnet.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <Text size="sm" fw={500} truncate maw={220}>
                    {subnet.name}
                  </Text>
                </Table.Td>
                <Table.Td ff="monospace">
                  {subnet.networkAddress}/{subnet.cidr}
                </Table.Td>
                <Table.Td>{subnet.ipVersion}</Table.Td>
                <Table.Td>
                  <StatusBadge status={subnet.status} />
                </Table.Td>
                <Table.Td>
                  <VlanBadge vlan={subnet.vlan} />
                </Table.Td>
                <Table.Td>{grouped(subnet.details.usableHosts)}</Table.Td>
                <Table.Td>{grouped(subnet.planning.currentHosts)}</Table.Td>
                <Table.Td>
                  {showUtilization ? (
                    <UtilizationBar subnet={subnet} width={70} />
                  ) : (
                    `${subnet.details.utilization.percentage}%`
                  )}
                </Table.Td>
                <Table.Td>
                  <SubnetActions subnet={subnet} handlers={handlers} isWriting={isWriting} />
                </Table.Td>
              </Table.Tr>
            ))}
            {range.padBottom > 0 && <tr aria-hidden style={{ height: range.padBottom }} />}
          </Table.Tbody>
        </Table>
        {rows.length === 0 && (
          <Text c="dimmed" ta="center" p="md">
            This plan has no subnets yet. Use Add Subnet to start.
          </Text>
        )}
      </Box>
    </Paper>
  );
}
