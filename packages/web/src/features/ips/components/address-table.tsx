import type { Address } from '@ipam/core/api/ipam';
import { Badge, Box, Button, Skeleton, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { rowTop, scaledLayout, visibleRows } from '../scaled-scroll.js';
import { AnycastTag } from './address-range-list.js';
import classes from './address-table.module.css';
import type { AddressWindow } from './use-address-window.js';
import { useScaledScroll } from './use-scaled-scroll.js';

const ROW_HEIGHT = 40;
/** Rows fetched beyond the screen on each side, so a short scroll finds them loaded. */
const OVERSCAN_ROWS = 30;
/** Rows drawn beyond the screen on each side, so keyboard focus and short scrolls find them. */
const DRAWN_EXTRA_ROWS = 5;
const columns = ['IP Address', 'Status', 'Hostname', 'Description', 'Actions'] as const;

const statusColor: Record<Address['status'], string> = {
  Available: 'green',
  'In Use': 'blue',
  Reserved: 'orange',
};

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
}

/**
 * The IP address table: only the rows in view are in the page, the scrollbar stands for every row
 * (`total`, 16.7M on a /8), and their pages are fetched as the view settles.
 */
export function AddressTable(props: AddressTableProps) {
  const { rows, total, onEdit, onWantedRows, currentIndex = null, anycastAddress = null } = props;
  const { ref: sizeRef, height: viewportHeight } = useElementSize();
  const layout = scaledLayout(total, ROW_HEIGHT, Math.max(viewportHeight, ROW_HEIGHT));
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

  return (
    <Box role="table" aria-label="IP Addresses" aria-rowcount={total + 1} className={classes.table}>
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className={`${classes.row} ${classes.header}`}>
          {columns.map((column) => (
            <div role="columnheader" key={column} className={classes.cell}>
              {column}
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
          {shown.map((index) => (
            <AddressRow
              key={index}
              index={index}
              address={rows.rowAt(index)}
              top={rowTop(layout, position, index)}
              isCurrent={index === currentIndex}
              isAnycast={anycastAddress !== null && rows.rowAt(index)?.ipAddress === anycastAddress}
              onEdit={onEdit}
            />
          ))}
        </div>
      </div>
    </Box>
  );
}

interface AddressRowProps {
  index: number;
  address: Address | undefined;
  top: number;
  isCurrent: boolean;
  isAnycast: boolean;
  onEdit: (address: Address) => void;
}

function AddressRow({ index, address, top, isCurrent, isAnycast, onEdit }: AddressRowProps) {
  const style = { top, height: ROW_HEIGHT };
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
          <div role="cell" key={column} className={classes.cell}>
            <Skeleton height={12} width={column === 'Actions' ? 40 : '70%'} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-current={isCurrent ? 'true' : undefined}
      className={`${classes.row} ${classes.body} ${isCurrent ? classes.current : ''}`}
      style={style}
      data-ip={address.ipAddress}
    >
      {isAnycast ? (
        // The anycast address carries its tag under it, so the address keeps the column's width.
        <div role="cell" className={`${classes.cell} ${classes.tagged}`} title={address.ipAddress}>
          <div className={classes.ip}>
            <bdi dir="ltr">{address.ipAddress}</bdi>
          </div>
          <AnycastTag />
        </div>
      ) : (
        <div role="cell" className={`${classes.cell} ${classes.ip}`} title={address.ipAddress}>
          <bdi dir="ltr">{address.ipAddress}</bdi>
        </div>
      )}
      <div role="cell" className={classes.cell}>
        <Badge variant="light" color={statusColor[address.status]} radius="sm" tt="none">
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
