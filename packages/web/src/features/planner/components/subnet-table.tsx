import type { PlanSubnet } from '@ipam/core/api/plan';
import { Box, Group, Paper, Switch, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { memo, startTransition, useMemo, useState } from 'react';
import { grouped } from '../lib/grouped.js';
import { defaultSort, type SortColumn, sortSubnets, toggleSort } from '../lib/subnet-sort.js';
import classes from './plan-rows.module.css';
import { RowActions, StatusPill, UsageBar, VlanPill } from './row-parts.js';
import type { SubnetHandlers } from './subnet-actions.js';
import { useVirtualRows } from './use-virtual-rows.js';

const columns: { column: SortColumn; label: string; width: number }[] = [
  { column: 'name', label: 'Name', width: 180 },
  { column: 'network', label: 'Network', width: 160 },
  { column: 'version', label: 'Version', width: 80 },
  { column: 'status', label: 'Status', width: 110 },
  { column: 'vlan', label: 'VLAN', width: 90 },
  { column: 'usableHosts', label: 'Usable Hosts', width: 120 },
  { column: 'currentHosts', label: 'Current Hosts', width: 120 },
  { column: 'utilization', label: 'Utilization', width: 130 },
];
const actionsWidth = 130;

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
        className={classes.scrollBox}
        onScroll={onScroll}
        h={Math.max(boxHeight, headerHeight + rowHeight)}
        style={{ overflow: 'auto' }}
      >
        <table className={classes.table} aria-label="Plan subnets" aria-rowcount={rows.length + 1}>
          <colgroup>
            {columns.map(({ column, width }) => (
              <col key={column} style={{ width }} />
            ))}
            <col style={{ width: actionsWidth }} />
          </colgroup>
          <thead>
            <tr style={{ height: headerHeight }}>
              {columns.map(({ column, label }) => {
                const isSorted = sort.column === column;
                const Icon = !isSorted
                  ? IconSelector
                  : sort.direction === 'asc'
                    ? IconChevronUp
                    : IconChevronDown;
                return (
                  <th
                    key={column}
                    aria-sort={isSorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button
                      type="button"
                      className={classes.sort}
                      onClick={() => startTransition(() => setSort((before) => toggleSort(before, column)))}
                    >
                      {label}
                      <Icon size={14} aria-hidden />
                    </button>
                  </th>
                );
              })}
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {range.padTop > 0 && <tr aria-hidden style={{ height: range.padTop }} />}
            {rows.slice(range.start, range.end).map((subnet) => (
              <SubnetRow
                key={subnet.id}
                subnet={subnet}
                isSelected={subnet.id === selectedId}
                showUtilization={showUtilization}
                isWriting={isWriting}
                handlers={handlers}
              />
            ))}
            {range.padBottom > 0 && <tr aria-hidden style={{ height: range.padBottom }} />}
          </tbody>
        </table>
        {rows.length === 0 && (
          <Text c="dimmed" ta="center" p="md">
            This plan has no subnets yet. Use Add Subnet to start.
          </Text>
        )}
      </Box>
    </Paper>
  );
}

interface SubnetRowProps {
  subnet: PlanSubnet;
  isSelected: boolean;
  showUtilization: boolean;
  isWriting: boolean;
  handlers: SubnetHandlers;
}

/** One table row: plain elements, memoised, so scrolling renders only the rows coming into view. */
const SubnetRow = memo(function SubnetRow({
  subnet,
  isSelected,
  showUtilization,
  isWriting,
  handlers,
}: SubnetRowProps) {
  return (
    <tr
      style={{ height: rowHeight, cursor: 'pointer' }}
      className={isSelected ? classes.selected : undefined}
      onClick={() => handlers.onSelect(subnet.id)}
      aria-selected={isSelected}
    >
      <td>
        <span className={classes.name}>{subnet.name}</span>
      </td>
      <td className={classes.mono}>
        {subnet.networkAddress}/{subnet.cidr}
      </td>
      <td>{subnet.ipVersion}</td>
      <td>
        <StatusPill status={subnet.status} />
      </td>
      <td>
        <VlanPill vlan={subnet.vlan} />
      </td>
      <td>{grouped(subnet.details.usableHosts)}</td>
      <td>{grouped(subnet.planning.currentHosts)}</td>
      <td>
        {showUtilization ? (
          <UsageBar subnet={subnet} width={70} />
        ) : (
          `${subnet.details.utilization.percentage}%`
        )}
      </td>
      <td>
        <RowActions subnet={subnet} handlers={handlers} isWriting={isWriting} />
      </td>
    </tr>
  );
});
