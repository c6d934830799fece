import { digitGroups } from '@ipam/core/address-ranges';
import type { AddressRangeRow } from '@ipam/core/api/address-range-page';
import type { Address } from '@ipam/core/api/ipam';
import { messages } from '@ipam/core/messages';
import type { Prefix } from '@ipam/core/prefix';
import { Badge, Box, Button, Text } from '@mantine/core';
import { isAnycastText, virtualAddress } from '../address-ranges.js';
import { EditAddressButton } from './edit-address-button.js';
import classes from './address-range-list.module.css';

const columns = ['IP Address', 'Status', 'Hostname', 'Description', 'Actions'] as const;

const statusColor: Record<Address['status'], string> = {
  Available: 'green',
  'In Use': 'blue',
  Reserved: 'orange',
};

interface AddressRangeListProps {
  prefix: Prefix | null;
  rows: readonly AddressRangeRow[];
  /** Opens an address to edit; null when the caller may not change this subnet (no Edit buttons). */
  onEdit: ((address: Address) => void) | null;
  /** The address jumped to: the first row, marked. */
  jumpedTo: string | null;
}

/**
 * A leaf too large to list address by address: its written addresses and one row per free run
 * ("2001:db8::5 – … · 18,446,744,073,709,551,611 free"), whose first address can be edited.
 */
export function AddressRangeList({ prefix, rows, onEdit, jumpedTo }: AddressRangeListProps) {
  return (
    <Box role="table" aria-label="IP Addresses" className={classes.table}>
      <div role="rowgroup">
        <div role="row" className={`${classes.row} ${classes.header}`}>
          {columns.map((column) => (
            <div role="columnheader" key={column} className={classes.cell}>
              {column}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className={classes.rows} data-testid="address-ranges">
        {rows.map((row, index) => {
          const isCurrent = jumpedTo !== null && index === 0;
          return row.kind === 'free' ? (
            <FreeRow key={`free-${row.first}`} row={row} isCurrent={isCurrent} onEdit={onEdit} />
          ) : (
            <AddressRow
              key={row.ipAddress}
              address={row}
              isAnycast={isAnycastText(prefix, row.ipAddress)}
              isCurrent={isCurrent}
              onEdit={onEdit}
            />
          );
        })}
      </div>
    </Box>
  );
}

function FreeRow(props: {
  row: Extract<AddressRangeRow, { kind: 'free' }>;
  isCurrent: boolean;
  onEdit: ((address: Address) => void) | null;
}) {
  const { row, isCurrent, onEdit } = props;
  const isSingle = row.first === row.last;
  const label = isSingle ? row.first : `${row.first} – ${row.last}`;
  return (
    <div
      role="row"
      className={`${classes.row} ${classes.free} ${isCurrent ? classes.current : ''}`}
      aria-current={isCurrent ? 'true' : undefined}
      data-free-first={row.first}
    >
      <div role="cell" className={classes.span} title={`${label} · ${digitGroups(row.count)} free`}>
        <bdi dir="ltr" className={classes.ip}>
          {label}
        </bdi>{' '}
        <Text span size="sm" c="dimmed" className={classes.count}>
          · {digitGroups(row.count)} free
        </Text>
      </div>
      <div role="cell" className={`${classes.cell} ${classes.actions}`}>
        {onEdit && (
          <Button
            size="compact-xs"
            variant="light"
            aria-label={`Edit ${row.first}`}
            onClick={() => onEdit(virtualAddress(row.first))}
          >
            Edit first
          </Button>
        )}
      </div>
    </div>
  );
}

function AddressRow(props: {
  address: Address;
  isAnycast: boolean;
  isCurrent: boolean;
  onEdit: ((address: Address) => void) | null;
}) {
  const { address, isAnycast, isCurrent, onEdit } = props;
  return (
    <div
      role="row"
      className={`${classes.row} ${isCurrent ? classes.current : ''}`}
      aria-current={isCurrent ? 'true' : undefined}
      data-ip={address.ipAddress}
    >
      <div role="cell" className={`${classes.cell} ${classes.address}`} title={address.ipAddress}>
        <bdi dir="ltr" className={classes.ip}>
          {address.ipAddress}
        </bdi>
        {isAnycast && <AnycastTag />}
      </div>
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
        <EditAddressButton address={address} onEdit={onEdit} />
      </div>
    </div>
  );
}

/** The tag of IPv6's subnet-router anycast address (the network address, never handed out by Next free). */
export function AnycastTag() {
  return (
    <Badge
      size="xs"
      variant="outline"
      color="grape"
      ff="text"
      tt="none"
      title="RFC 4291: all host bits zero; routers answer it"
    >
      {messages.subnetRouterAnycast}
    </Badge>
  );
}
