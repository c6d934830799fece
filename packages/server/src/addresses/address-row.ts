import { availableAddressFields } from '@ipam/core/address-defaults';
import { randomUUID } from 'node:crypto';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { sql, type InsertObject } from 'kysely';
import type { Database } from '../db/schema.js';
import { addressText, foldedForSearch, sortKeyOf } from './address-keys.js';
import { addressItemJson } from './address-item-json.js';
import { NOT_SEEN, type AddressSighting, type StoredAddress, type SubnetRef } from './address-repository.js';

/** The data of an address a write sets. */
export interface AddressFields {
  status: AddressStatus;
  hostname: string;
  description: string;
  allowScannerUpdate: boolean;
}

/** The data of an address with who wrote it when (null for a never-written row) and what scanners saw. */
export type AddressData = AddressFields &
  AddressSighting & { value: bigint; updatedDate: string | null; updatedBy: string | null };

/** The data of an address whose row exists: its id stays. */
export type StoredAddressData = AddressData & { id: string };

/** The columns every writer of an address row writes, with their values. */
export interface AddressRow {
  id: string;
  account_id: string;
  subnet_id: string;
  ip_address: string;
  sort_key: string;
  status: AddressStatus;
  hostname: string;
  description: string;
  hostname_folded: string;
  description_folded: string;
  allow_scanner_update: number;
  updated_date: string | null;
  updated_by: string | null;
  mac: string | null;
  first_seen: string | null;
  last_seen: string | null;
  last_seen_by: string | null;
  previous_mac: string | null;
  mac_changed_at: string | null;
  item_json: string;
}

/** The names of AddressRow's columns (a prepared statement's parameters, one per column). */
export const ADDRESS_ROW_COLUMNS = [
  'id',
  'account_id',
  'subnet_id',
  'ip_address',
  'sort_key',
  'status',
  'hostname',
  'description',
  'hostname_folded',
  'description_folded',
  'allow_scanner_update',
  'updated_date',
  'updated_by',
  'mac',
  'first_seen',
  'last_seen',
  'last_seen_by',
  'previous_mac',
  'mac_changed_at',
  'item_json',
] as const satisfies readonly (keyof AddressRow)[];

/** A row of placeholders for a prepared statement that writes one AddressRow (db/prepared-query.ts). */
export function addressRowParams(
  param: (column: keyof AddressRow) => string,
): InsertObject<Database, 'ip_addresses'> {
  return {
    id: param('id'),
    account_id: param('account_id'),
    subnet_id: param('subnet_id'),
    ip_address: param('ip_address'),
    sort_key: param('sort_key'),
    hostname: param('hostname'),
    description: param('description'),
    hostname_folded: param('hostname_folded'),
    description_folded: param('description_folded'),
    updated_date: param('updated_date'),
    updated_by: param('updated_by'),
    mac: param('mac'),
    first_seen: param('first_seen'),
    last_seen: param('last_seen'),
    last_seen_by: param('last_seen_by'),
    previous_mac: param('previous_mac'),
    mac_changed_at: param('mac_changed_at'),
    item_json: param('item_json'),
    // The two columns that are not text: typed for Kysely, still one placeholder each.
    status: sql<AddressStatus>`${param('status')}`,
    allow_scanner_update: sql<number>`${param('allow_scanner_update')}`,
  };
}

/**
 * The stored row of an address's data (`id`: the existing row's, else a new one), with its list item's
 * JSON written here, by the one function that writes every row, so it always matches the columns.
 */
export function rowOf(accountId: string, subnet: SubnetRef, data: AddressData & { id?: string }): AddressRow {
  const id = data.id ?? randomUUID();
  const ipAddress = addressText(subnet.version, data.value);
  const { status, hostname, description, allowScannerUpdate, updatedDate, updatedBy } = data;
  const { mac, firstSeen, lastSeen, lastSeenBy, previousMac, macChangedAt } = data;
  return {
    id,
    account_id: accountId,
    subnet_id: subnet.id,
    ip_address: ipAddress,
    sort_key: sortKeyOf(subnet.version, data.value),
    status,
    hostname,
    description,
    hostname_folded: foldedForSearch(hostname),
    description_folded: foldedForSearch(description),
    allow_scanner_update: allowScannerUpdate ? 1 : 0,
    updated_date: updatedDate,
    updated_by: updatedBy,
    mac,
    first_seen: firstSeen,
    last_seen: lastSeen,
    last_seen_by: lastSeenBy,
    previous_mac: previousMac,
    mac_changed_at: macChangedAt,
    item_json: addressItemJson({
      id,
      ipAddress,
      status,
      hostname,
      description,
      allowScannerUpdate,
      updatedDate,
      updatedBy,
      mac,
      firstSeen,
      lastSeen,
      lastSeenBy,
      previousMac,
      macChangedAt,
    }),
  };
}

/** The virtual Available row of a never-written address. */
export function virtualData(value: bigint): AddressData {
  return {
    value,
    ...availableAddressFields,
    updatedDate: null,
    updatedBy: null,
    ...NOT_SEEN,
  };
}

/** A never-written address as a stored row would hold it (a new id), before its first write. */
export function virtualAddress(subnet: SubnetRef, value: bigint): StoredAddress {
  return { ...virtualData(value), id: randomUUID(), ipAddress: addressText(subnet.version, value) };
}
