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
  { column: 'usableHosts', label: 'Usable Hosts', width: 130 },
  { column: 'currentHosts', label: 'Current Hosts', width: 135 },
  { column: 'utilization', label: 'Utilization', width: 130 },
];
const actionsWidth = 130;
/** The grid's columns: fixed widths, so rows coming into view never re-measure the others. */
const template = [...columns.map(({ width }) => `${width}px`), `${actionsWidth}px`].join(' ');

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
  const { boxRef, boxHeight, items, padTop, padBottom } = useVirtualRows(
    rows.length,
    rowHeight,
    headerHeight,
  );

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
        h={Math.max(boxHeight, headerHeight + rowHeight)}
        style={{ overflow: 'auto' }}
      >
        <div role="table" className={classes.grid} aria-label="Plan subnets" aria-rowcount={rows.length + 1}>
          <div role="rowgroup" className={classes.gridHead}>
            <div
              role="row"
              className={classes.gridRow}
              style={{ height: headerHeight, gridTemplateColumns: template }}
            >
              {columns.map(({ column, label }) => {
                const isSorted = sort.column === column;
                const Icon = !isSorted
                  ? IconSelector
                  : sort.direction === 'asc'
                    ? IconChevronUp
                    : IconChevronDown;
                return (
                  <div
                    role="columnheader"
                    key={column}
                    className={classes.gridCell}
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
                  </div>
                );
              })}
              <div role="columnheader" className={classes.gridCell}>
                Actions
              </div>
            </div>
          </div>
          <div role="rowgroup">
            <div aria-hidden style={{ height: padTop }} />
            {items.map(({ index }) => {
              const subnet = rows[index];
              if (!subnet) return null;
              return (
                <SubnetRow
                  key={subnet.id}
                  subnet={subnet}
                  isSelected={subnet.id === selectedId}
                  showUtilization={showUtilization}
                  isWriting={isWriting}
                  handlers={handlers}
                />
              );
            })}
            <div aria-hidden style={{ height: padBottom }} />
          </div>
        </div>
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
    <div
      role="row"
      className={
        isSelected
          ? `${classes.gridRow} ${classes.gridBody} ${classes.selected}`
          : `${classes.gridRow} ${classes.gridBody}`
      }
      style={{ height: rowHeight, gridTemplateColumns: template }}
      onClick={() => handlers.onSelect(subnet.id)}
      aria-selected={isSelected}
    >
      <div role="cell" className={classes.gridCell}>
        <span className={classes.name}>{subnet.name}</span>
      </div>
      <div role="cell" className={`${classes.gridCell} ${classes.mono}`}>
        {subnet.networkAddress}/{subnet.cidr}
      </div>
      <div role="cell" className={classes.gridCell}>
        {subnet.ipVersion}
      </div>
      <div role="cell" className={classes.gridCell}>
        <StatusPill status={subnet.status} />
      </div>
      <div role="cell" className={classes.gridCell}>
        <VlanPill vlan={subnet.vlan} />
      </div>
      <div role="cell" className={classes.gridCell}>
        {grouped(subnet.details.usableHosts)}
      </div>
      <div role="cell" className={classes.gridCell}>
        {grouped(subnet.planning.currentHosts)}
      </div>
      <div role="cell" className={classes.gridCell}>
        {showUtilization ? (
          <UsageBar subnet={subnet} width={70} />
        ) : (
          `${subnet.details.utilization.percentage}%`
        )}
      </div>
      <div role="cell" className={classes.gridCell}>
        <RowActions subnet={subnet} handlers={handlers} isWriting={isWriting} />
      </div>
    </div>
  );
});
