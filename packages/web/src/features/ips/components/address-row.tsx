import type { Address } from '@ipam/core/api/ipam';
import { Badge, Checkbox, Skeleton, Text } from '@mantine/core';
import { IconArrowsExchange, IconClockExclamation } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { AnycastTag } from './address-range-list.js';
import { EditAddressButton } from './edit-address-button.js';
import classes from './address-table.module.css';

/**
 * The columns, and the sort each header applies (the Updated column shows on wide tables only; MAC and
 * Last seen, what scanners recorded, unless the person hid them).
 */
export const ADDRESS_COLUMNS = [
  { key: 'ip', label: 'IP Address', sort: 'address' },
  { key: 'status', label: 'Status', sort: 'status' },
  { key: 'hostname', label: 'Hostname', sort: 'hostname' },
  { key: 'description', label: 'Description', sort: null },
  { key: 'mac', label: 'MAC', sort: null },
  { key: 'lastSeen', label: 'Last seen', sort: null },
  { key: 'updated', label: 'Updated', sort: 'updated' },
  { key: 'actions', label: 'Actions', sort: null },
] as const;

const statusColor: Record<Address['status'], string> = {
  Available: 'green',
  'In Use': 'blue',
  Reserved: 'orange',
};

/** The class of a column's cells that only some tables show. */
export function columnClass(key: string): string {
  if (key === 'updated') return classes.updated ?? '';
  if (key === 'mac' || key === 'lastSeen') return classes.discovery ?? '';
  return '';
}

const shortDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
const longDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' });

/** A time in the row: short, the full date and time (and who, `by`) on hover. */
function DateText({ iso, by = '' }: { iso: string; by?: string }) {
  const date = new Date(iso);
  return (
    <Text size="xs" c="dimmed" truncate title={`${longDateTime.format(date)}${by}`}>
      {shortDateTime.format(date)}
    </Text>
  );
}

/** A mark beside a cell's value (MAC changed, Stale): an icon named for screen readers, its reason on hover. */
function Mark({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  return (
    <span role="img" aria-label={label} title={title} className={classes.mark}>
      {children}
    </span>
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
  /** Not seen by a scanner for the subnet's "stale after" days. */
  isStale: boolean;
  /** Opens an address to edit; null when the caller may not change this subnet (no Edit, no selection). */
  onEdit: ((address: Address) => void) | null;
  onToggle: (index: number, address: Address, isRange: boolean) => void;
}

/** One row of the address table: a skeleton until its page is read. */
export function AddressRow(props: AddressRowProps) {
  const { index, address, top, height, isCurrent, isAnycast, isSelected, isStale, onEdit, onToggle } = props;
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
        {ADDRESS_COLUMNS.map((column) => (
          <div role="cell" key={column.key} className={`${classes.cell} ${columnClass(column.key)}`}>
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
  const macChange =
    address.previousMac && address.macChangedAt
      ? `MAC changed: was ${address.previousMac} until ${longDateTime.format(new Date(address.macChangedAt))}. Editing the address clears this mark.`
      : null;
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
        {onEdit && (
          <Checkbox
            size="xs"
            className={classes.check}
            aria-label={`Select ${address.ipAddress}`}
            checked={isSelected}
            onClick={toggle}
            onChange={() => undefined}
          />
        )}
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
      <div role="cell" className={`${classes.cell} ${classes.discovery}`} data-column="mac">
        {address.mac && (
          <Text size="xs" ff="monospace" truncate title={address.mac} c={macChange ? 'red' : undefined}>
            {address.mac}
          </Text>
        )}
        {macChange && (
          <Mark label="MAC changed" title={macChange}>
            <IconArrowsExchange size={14} color="var(--mantine-color-red-7)" />
          </Mark>
        )}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.discovery}`} data-column="lastSeen">
        {address.lastSeen && (
          <DateText
            iso={address.lastSeen}
            by={address.lastSeenBy ? ` by scanner ${address.lastSeenBy}` : ''}
          />
        )}
        {isStale && (
          <Mark
            label="Stale"
            title="Stale: no scanner has seen this address for the subnet's stale-after days."
          >
            <IconClockExclamation size={14} color="var(--mantine-color-orange-7)" />
          </Mark>
        )}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.updated}`} data-column="updated">
        {address.updatedDate && <DateText iso={address.updatedDate} />}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.actions}`}>
        <EditAddressButton address={address} onEdit={onEdit} />
      </div>
    </div>
  );
}
