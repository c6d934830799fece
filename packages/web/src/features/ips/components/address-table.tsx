import type { AddressSort, SortOrder } from '@ipam/core/address-listing';
import type { Address } from '@ipam/core/api/ipam';
import { isStale } from '@ipam/core/stale';
import { Box, Checkbox, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { type AddressSelection, isRowSelected, selectedCount } from '../address-selection.js';
import { rowTop, scaledLayout, visibleRows } from '../scaled-scroll.js';
import type { TableSort } from '../table-sort.js';
import { ADDRESS_COLUMNS, AddressRow, columnClass } from './address-row.js';
import classes from './address-table.module.css';
import type { AddressWindow } from './use-address-window.js';
import { useScaledScroll } from './use-scaled-scroll.js';
import { ROW_HEIGHTS, type TableDensity } from './use-table-density.js';

/** Rows fetched beyond the screen on each side, so a short scroll finds them loaded. */
const OVERSCAN_ROWS = 30;
/** Rows drawn beyond the screen on each side, so keyboard focus and short scrolls find them. */
const DRAWN_EXTRA_ROWS = 5;

interface AddressTableProps {
  rows: AddressWindow;
  total: number;
  /** Opens an address to edit; null when the caller may not change this subnet (read only). */
  onEdit: ((address: Address) => void) | null;
  /** The rows to fetch (in view plus overscan), reported after scrolling settles. */
  onWantedRows: (rows: { first: number; last: number }) => void;
  /** A row the view was opened at (`?at=`): scrolled into view once and marked. */
  currentIndex?: number | null;
  /** IPv6's subnet-router anycast address (the network address), tagged in its row. */
  anycastAddress?: string | null;
  density: TableDensity;
  /** Whether the MAC and Last seen columns show. */
  isDiscoveryShown: boolean;
  sort: TableSort;
  /** A sortable header was clicked. */
  onSort: (column: AddressSort) => void;
  selection: AddressSelection;
  /** A row's checkbox was clicked; `isRange` with Shift held (select from the last row clicked). */
  onToggleRow: (index: number, address: Address, isRange: boolean) => void;
  /** The header checkbox: select every address the filter and search match, or clear the selection. */
  onToggleAll: () => void;
  /** The subnet's "stale after" days (null: addresses are not marked stale). */
  staleAfterDays: number | null;
}

/**
 * The IP address table: only the rows in view are in the page, the scrollbar stands for every row
 * (`total`, 16.7M on a /8), and their pages are fetched as the view settles. Headers sort (on the
 * server: the whole list, not the rows loaded); checkboxes select for bulk changes.
 */
export function AddressTable(props: AddressTableProps) {
  const { rows, total, onEdit, onWantedRows, currentIndex = null, anycastAddress = null } = props;
  const { density, isDiscoveryShown, sort, onSort, selection, onToggleRow, onToggleAll } = props;
  const { staleAfterDays } = props;
  const now = new Date();
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
      className={[
        classes.table,
        density === 'compact' && classes.compact,
        isDiscoveryShown && classes.withDiscovery,
      ]
        .filter(Boolean)
        .join(' ')}
      data-density={density}
    >
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className={`${classes.row} ${classes.header}`}>
          {ADDRESS_COLUMNS.map((column) => (
            <div
              role="columnheader"
              key={column.key}
              className={`${classes.cell} ${columnClass(column.key)}`}
              aria-sort={
                column.sort !== null && column.sort === sort.sort
                  ? sort.order === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : undefined
              }
            >
              {column.key === 'ip' && onEdit && (
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
                isStale={address !== undefined && isStale(address.lastSeen, staleAfterDays, now)}
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
