import type { AddressSort, SortOrder } from '@ipam/core/address-listing';
import type { Address } from '@ipam/core/api/ipam';
import { Badge, Box, Button, Checkbox, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useRef } from 'react';
import { type AddressSelection, isRowSelected, selectedCount } from '../address-selection.js';
import { rowTop, scaledLayout, visibleRows } from '../scaled-scroll.js';
import type { TableSort } from '../table-sort.js';
import { AnycastTag } from './address-range-list.js';
import classes from './address-table.module.css';
import type { AddressWindow } from './use-address-window.js';
import { useScaledScroll } from './use-scaled-scroll.js';
import { ROW_HEIGHTS, type TableDensity } from './use-table-density.js';

/** Rows fetched beyond the screen on each side, so a short scroll finds them loaded. */
const OVERSCAN_ROWS = 30;
/** Rows drawn beyond the screen on each side, so keyboard focus and short scrolls find them. */
const DRAWN_EXTRA_ROWS = 5;

/** The columns, and the sort each header applies (the Updated column shows on wide tables only). */
const columns = [
  { key: 'ip', label: 'IP Address', sort: 'address' },
  { key: 'status', label: 'Status', sort: 'status' },
  { key: 'hostname', label: 'Hostname', sort: 'hostname' },
  { key: 'description', label: 'Description', sort: null },
  { key: 'updated', label: 'Updated', sort: 'updated' },
  { key: 'actions', label: 'Actions', sort: null },
] as const;

const statusColor: Record<Address['status'], string> = {
  Available: 'green',
  'In Use': 'blue',
  Reserved: 'orange',
};

const shortDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
const longDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' });

interface AddressTableProps {
  rows: AddressWindow;
  total: number;
  onEdit: (address: Address) => void;
  /** The rows to fetch (in view plus overscan), reported after scrolling settles. */
  onWantedRows: (rows: { first: number; last: number }) => void;
  /** A row the view was opened at (`?at=`): scrolled into view once and marked. */
  currentIndex?: number | null;
  /** IPv6's subnet-router anycast address (the network address), tagged in its row. */
  anycastAddress?: string | null;
  density: TableDensity;
  sort: TableSort;
  /** A sortable header was clicked. */
  onSort: (column: AddressSort) => void;
  selection: AddressSelection;
  /** A row's checkbox was clicked; `isRange` with Shift held (select from the last row clicked). */
  onToggleRow: (index: number, address: Address, isRange: boolean) => void;
  /** The header checkbox: select every address the filter and search match, or clear the selection. */
  onToggleAll: () => void;
}

/**
 * The IP address table: only the rows in view are in the page, the scrollbar stands for every row
 * (`total`, 16.7M on a /8), and their pages are fetched as the view settles. Headers sort (on the
 * server: the whole list, not the rows loaded); checkboxes select for bulk changes.
 */
export function AddressTable(props: AddressTableProps) {
  const { rows, total, onEdit, onWantedRows, currentIndex = null, anycastAddress = null } = props;
  const { density, sort, onSort, selection, onToggleRow, onToggleAll } = props;
  const rowHeight = ROW_HEIGHTS[density];
  const { ref: sizeRef, height: viewportHeight } = useElementSize();
  const layout = scaledLayout(total, rowHeight, Math.max(viewportHeight, rowHeight));
  const { position, viewportRef, onScroll, onKeyDown, scrollToRow } = useScaledScroll(layout);
  const inView = viewportHeight > 0 ? visibleRows(layout, position) : null;

  // Opened at an address: once the list is measured, show its row a few rows below the top.
  const openedAt = useRef<number | null>(null);
  const isMeasured = viewportHeight > 0;
  useEffect(() => {
    if (currentIndex === null || !isMeasured || openedAt.current === currentIndex) return;
    openedAt.current = currentIndex;
    scrollToRow(Math.max(0, currentIndex - 3));
  }, [currentIndex, isMeasured, scrollToRow]);

  const first = inView?.first ?? 0;
  const last = inView?.last ?? 0;
  useEffect(() => {
    if (total === 0) return;
    // Wait for the scrollbar to settle so a fast drag does not fetch every page it passes.
    const timer = setTimeout(
      () =>
        onWantedRows({
          first: Math.max(0, first - OVERSCAN_ROWS),
          last: Math.min(total - 1, last + OVERSCAN_ROWS),
        }),
      80,
    );
    return () => clearTimeout(timer);
  }, [first, last, total, onWantedRows]);

  const shown: number[] = [];
  if (inView) {
    const from = Math.max(0, inView.first - DRAWN_EXTRA_ROWS);
    const to = Math.min(total - 1, inView.last + DRAWN_EXTRA_ROWS);
    for (let index = from; index <= to; index++) shown.push(index);
  }
  const selected = selectedCount(selection, total);

  return (
    <Box
      role="table"
      aria-label="IP Addresses"
      aria-rowcount={total + 1}
      className={`${classes.table} ${density === 'compact' ? classes.compact : ''}`}
      data-density={density}
    >
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className={`${classes.row} ${classes.header}`}>
          {columns.map((column) => (
            <div
              role="columnheader"
              key={column.key}
              className={`${classes.cell} ${column.key === 'updated' ? classes.updated : ''}`}
              aria-sort={
                column.sort !== null && column.sort === sort.sort
                  ? sort.order === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : undefined
              }
            >
              {column.key === 'ip' && (
                <Checkbox
                  size="xs"
                  className={classes.check}
                  aria-label="Select all matching addresses"
                  checked={selected > 0 && selected === total}
                  indeterminate={selected > 0 && selected < total}
                  onChange={onToggleAll}
                />
              )}
              {column.sort === null ? (
                column.label
              ) : (
                <SortButton
                  label={column.label}
                  order={column.sort === sort.sort ? sort.order : null}
                  onClick={() => onSort(column.sort)}
                />
              )}
            </div>
          ))}
        </div>
      </div>
      <div
        role="rowgroup"
        ref={(element) => {
          viewportRef.current = element;
          sizeRef(element);
        }}
        className={classes.viewport}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        tabIndex={0}
        aria-label="IP address rows"
        data-testid="address-viewport"
      >
        <div style={{ height: layout.realHeight, position: 'relative' }}>
          {shown.map((index) => {
            const address = rows.rowAt(index);
            return (
              <AddressRow
                key={index}
                index={index}
                address={address}
                top={rowTop(layout, position, index)}
                height={rowHeight}
                isCurrent={index === currentIndex}
                isAnycast={anycastAddress !== null && address?.ipAddress === anycastAddress}
                isSelected={address !== undefined && isRowSelected(selection, address.ipAddress)}
                onEdit={onEdit}
                onToggle={onToggleRow}
              />
            );
          })}
        </div>
      </div>
    </Box>
  );
}

/** A header that sorts: its arrow shows the direction when the list is sorted by it. */
function SortButton({
  label,
  order,
  onClick,
}: {
  label: string;
  order: SortOrder | null;
  onClick: () => void;
}) {
  const Icon = order === 'asc' ? IconArrowUp : order === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton className={classes.sort} onClick={onClick} data-active={order !== null || undefined}>
      {label}
      <Icon size={13} aria-hidden className={classes.sortIcon} />
    </UnstyledButton>
  );
}

interface AddressRowProps {
  index: number;
  address: Address | undefined;
  top: number;
  height: number;
  isCurrent: boolean;
  isAnycast: boolean;
  isSelected: boolean;
  onEdit: (address: Address) => void;
  onToggle: (index: number, address: Address, isRange: boolean) => void;
}

function AddressRow(props: AddressRowProps) {
  const { index, address, top, height, isCurrent, isAnycast, isSelected, onEdit, onToggle } = props;
  const style = { top, height };
  if (!address) {
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        aria-busy="true"
        className={`${classes.row} ${classes.body}`}
        style={style}
      >
        {columns.map((column) => (
          <div
            role="cell"
            key={column.key}
            className={`${classes.cell} ${column.key === 'updated' ? classes.updated : ''}`}
          >
            <Skeleton height={12} width={column.key === 'actions' ? 40 : '70%'} />
          </div>
        ))}
      </div>
    );
  }
  const rowClasses = [
    classes.row,
    classes.body,
    isCurrent && classes.current,
    isSelected && classes.selected,
  ];
  // The click, not the change: only the click tells whether Shift was held.
  const toggle = (event: MouseEvent<HTMLInputElement>) => onToggle(index, address, event.shiftKey);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-current={isCurrent ? 'true' : undefined}
      className={rowClasses.filter(Boolean).join(' ')}
      style={style}
      data-ip={address.ipAddress}
    >
      <div role="cell" className={`${classes.cell} ${classes.ipCell}`} title={address.ipAddress}>
        <Checkbox
          size="xs"
          className={classes.check}
          aria-label={`Select ${address.ipAddress}`}
          checked={isSelected}
          onClick={toggle}
          onChange={() => undefined}
        />
        <div className={classes.address}>
          <div className={classes.ip}>
            <bdi dir="ltr">{address.ipAddress}</bdi>
          </div>
          {isAnycast && <AnycastTag />}
        </div>
      </div>
      <div role="cell" className={classes.cell}>
        <Badge
          variant="light"
          color={statusColor[address.status]}
          radius="sm"
          tt="none"
          size={height < 32 ? 'sm' : 'md'}
        >
          {address.status}
        </Badge>
      </div>
      <div role="cell" className={classes.cell}>
        <Text size="sm" truncate title={address.hostname}>
          {address.hostname}
        </Text>
      </div>
      <div role="cell" className={classes.cell}>
        <Text size="sm" truncate title={address.description}>
          {address.description}
        </Text>
      </div>
      <div role="cell" className={`${classes.cell} ${classes.updated}`} data-column="updated">
        {address.updatedDate && (
          <Text size="xs" c="dimmed" truncate title={longDateTime.format(new Date(address.updatedDate))}>
            {shortDateTime.format(new Date(address.updatedDate))}
          </Text>
        )}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.actions}`}>
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`Edit ${address.ipAddress}`}
          onClick={() => onEdit(address)}
        >
          Edit
        </Button>
      </div>
    </div>
  );
}
