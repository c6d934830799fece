import type { PlanSubnet } from '@ipam/core/api/plan';
import { Box, Group, Paper, Switch, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { memo, type ReactNode, startTransition, useMemo, useState } from 'react';
import { grouped } from '../lib/grouped.js';
import { hostCountText } from '../lib/host-count-text.js';
import { defaultSort, type SortColumn, sortSubnets, toggleSort } from '../lib/subnet-sort.js';
import classes from './plan-rows.module.css';
import { RowActions, StatusPill, UsageBar } from './row-parts.js';
import type { SubnetHandlers } from './subnet-actions.js';
import { useVirtualRows } from './use-virtual-rows.js';

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
// The columns' widths live in the stylesheet (plan-rows.module.css): they follow the card's width.

const rowHeight = 45;
// Two lines, for a header that wraps ('Usable / Hosts') in a narrow card.
const headerHeight = 44;

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
        className={classes.tableBox}
        h={Math.max(boxHeight, headerHeight + rowHeight)}
        style={{ overflow: 'auto' }}
      >
        <div role="table" className={classes.grid} aria-label="Plan subnets" aria-rowcount={rows.length + 1}>
          <div role="rowgroup" className={classes.gridHead}>
            <div role="row" className={classes.gridRow} style={{ height: headerHeight }}>
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
                    className={classes.headCell}
                    aria-sort={isSorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button
                      type="button"
                      className={classes.sort}
                      data-sorted={isSorted}
                      onClick={() => startTransition(() => setSort((before) => toggleSort(before, column)))}
                    >
                      <HeaderLabel label={label} icon={<Icon size={14} aria-hidden />} />
                    </button>
                  </div>
                );
              })}
              <div role="columnheader" className={classes.headCell}>
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

/** A header's label and sort icon: the label may wrap between words, the icon stays with the last one. */
function HeaderLabel({ label, icon }: { label: string; icon: ReactNode }) {
  const cut = label.lastIndexOf(' ');
  if (cut < 0) {
    return (
      <>
        {label}
        {icon}
      </>
    );
  }
  return (
    <>
      {label.slice(0, cut + 1)}
      <span className={classes.lastWord}>
        {label.slice(cut + 1)}
        {icon}
      </span>
    </>
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
  const network = `${subnet.networkAddress}/${subnet.cidr}`;
  const hosts = hostCountText(subnet.details.usableHosts);
  return (
    <div
      role="row"
      className={
        isSelected
          ? `${classes.gridRow} ${classes.gridBody} ${classes.selected}`
          : `${classes.gridRow} ${classes.gridBody}`
      }
      style={{ height: rowHeight }}
      onClick={() => handlers.onSelect(subnet.id)}
      aria-selected={isSelected}
    >
      <div role="cell" className={classes.gridCell} title={subnet.name}>
        <span className={classes.name}>{subnet.name}</span>
      </div>
      <div role="cell" className={`${classes.gridCell} ${classes.mono}`} title={network}>
        {network}
      </div>
      <div role="cell" className={classes.gridCell}>
        {subnet.ipVersion}
      </div>
      <div role="cell" className={classes.gridCell}>
        <StatusPill status={subnet.status} />
      </div>
      {/* The column says VLAN: the cell holds its id alone (the tree shows 'VLAN {id}'). */}
      <div role="cell" className={classes.gridCell} title={subnet.vlan?.name}>
        {subnet.vlan?.id}
      </div>
      <div role="cell" className={classes.gridCell}>
        {hosts.text === hosts.exact ? hosts.text : <abbr title={hosts.exact}>{hosts.text}</abbr>}
      </div>
      <div role="cell" className={classes.gridCell}>
        {grouped(subnet.planning.currentHosts)}
      </div>
      <div role="cell" className={classes.gridCell}>
        {showUtilization ? <UsageBar subnet={subnet} /> : `${subnet.details.utilization.percentage}%`}
      </div>
      <div role="cell" className={classes.actionsCell}>
        <RowActions subnet={subnet} handlers={handlers} isWriting={isWriting} />
      </div>
    </div>
  );
});
