import { availableAddressFields } from '@ipam/core/address-defaults';
import { randomUUID } from 'node:crypto';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import type { Insertable } from 'kysely';
import { chunksOf } from '../db/chunks.js';
import { isPostgres, type Db } from '../db/database.js';
import type { IpAddressesTable } from '../db/schema.js';
import { addressText, foldedForSearch, sortKeyOf, valueOfSortKey } from './address-keys.js';
import {
  addCounts,
  adjustStatusCountsOfSubnets,
  NO_COUNTS,
  statusChange,
} from './address-count-repository.js';
import { addressItemJson } from './address-item-json.js';
import {
  findStoredAmong,
  NOT_SEEN,
  type AddressSighting,
  type StoredAddress,
  type SubnetRef,
} from './address-repository.js';

/** The data of an address a write sets. */
export interface AddressFields {
  status: AddressStatus;
  hostname: string;
  description: string;
  allowScannerUpdate: boolean;
}

/** The data of an address with who wrote it when (null for a never-written row) and what scanners saw. */
type AddressData = AddressFields &
  AddressSighting & { value: bigint; updatedDate: string | null; updatedBy: string | null };

/** The data of an address whose row exists: its id stays. */
type StoredAddressData = AddressData & { id: string };

/**
 * The stored row of an address's data (`id`: the existing row's, else a new one), with its list item's
 * JSON written here, by the one function that writes every row, so it always matches the columns.
 */
function rowOf(
  accountId: string,
  subnet: SubnetRef,
  data: AddressData & { id?: string },
): Insertable<IpAddressesTable> {
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
function virtualData(value: bigint): AddressData {
  return {
    value,
    ...availableAddressFields,
    updatedDate: null,
    updatedBy: null,
    ...NOT_SEEN,
  };
}

/**
 * The stored rows of these (distinct) addresses of one subnet, each created as the virtual Available
 * row if it was never written (its address is then in `created`), and locked until the transaction
 * ends (PostgreSQL; SQLite writes one transaction at a time), so people writing the same address at
 * once are applied one after the other. Rows are taken in address order, so two writers of many
 * addresses cannot deadlock.
 */
export async function lockAddressRows(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  values: readonly bigint[],
): Promise<{ rows: StoredAddress[]; created: Set<bigint> }> {
  const ordered = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rows: StoredAddress[] = [];
  const created = new Set<bigint>();
  for (const chunk of chunksOf(ordered)) {
    const inserted = await db
      .insertInto('ip_addresses')
      .values(chunk.map((value) => rowOf(accountId, subnet, virtualData(value))))
      .onConflict((oc) => oc.columns(['subnet_id', 'sort_key']).doNothing())
      .returning('sort_key')
      .execute();
    for (const row of inserted) created.add(valueOfSortKey(row.sort_key));
    rows.push(...(await findStoredAmong(db, subnet, chunk, isPostgres(db))));
  }
  return { rows, created };
}

/** Writes the data of addresses whose rows exist (lockAddressRows made them), in multi-row statements. */
export async function writeAddressRows(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  rows: readonly StoredAddressData[],
): Promise<void> {
  for (const chunk of chunksOf(rows)) {
    await db
      .insertInto('ip_addresses')
      .values(chunk.map((row) => rowOf(accountId, subnet, row)))
      .onConflict((oc) =>
        oc.columns(['subnet_id', 'sort_key']).doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          hostname: eb.ref('excluded.hostname'),
          description: eb.ref('excluded.description'),
          hostname_folded: eb.ref('excluded.hostname_folded'),
          description_folded: eb.ref('excluded.description_folded'),
          allow_scanner_update: eb.ref('excluded.allow_scanner_update'),
          updated_date: eb.ref('excluded.updated_date'),
          updated_by: eb.ref('excluded.updated_by'),
          mac: eb.ref('excluded.mac'),
          first_seen: eb.ref('excluded.first_seen'),
          last_seen: eb.ref('excluded.last_seen'),
          last_seen_by: eb.ref('excluded.last_seen_by'),
          previous_mac: eb.ref('excluded.previous_mac'),
          mac_changed_at: eb.ref('excluded.mac_changed_at'),
          item_json: eb.ref('excluded.item_json'),
        })),
      )
      .execute();
  }
}

/** A never-written address's data as a bulk load gives it. */
type LoadedAddress = AddressFields & { value: bigint; updatedDate: string; updatedBy: string | null };

/** Inserts many never-written addresses of one subnet in multi-row statements (bulk loads, benchmarks), counted. */
export async function insertAddressRows(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  rows: readonly LoadedAddress[],
): Promise<void> {
  await insertAddressRowsOfSubnets(db, accountId, [{ subnet, rows }]);
}

/**
 * The same for many subnets at once: rows of several subnets share each multi-row statement, and the
 * status counts of all of them are adjusted together (a load of many small subnets).
 */
export async function insertAddressRowsOfSubnets(
  db: Db,
  accountId: string,
  loads: readonly { subnet: SubnetRef; rows: readonly LoadedAddress[] }[],
): Promise<void> {
  const stored = loads.flatMap(({ subnet, rows }) =>
    rows.map((row) => rowOf(accountId, subnet, { ...NOT_SEEN, ...row })),
  );
  for (const chunk of chunksOf(stored)) await db.insertInto('ip_addresses').values(chunk).execute();
  await adjustStatusCountsOfSubnets(
    db,
    loads.map(({ subnet, rows }) => ({
      subnetId: subnet.id,
      change: rows.reduce((sum, row) => addCounts(sum, statusChange(null, row.status)), NO_COUNTS),
    })),
  );
}

/**
 * Inserts never-written addresses with their data in multi-row statements, skipping any that a
 * concurrent writer stored meanwhile: answers the addresses inserted (counts are the caller's).
 */
export async function insertAbsentAddressRows(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  rows: readonly AddressData[],
): Promise<Set<bigint>> {
  const inserted = new Set<bigint>();
  for (const chunk of chunksOf(rows)) {
    const keys = await db
      .insertInto('ip_addresses')
      .values(chunk.map((row) => rowOf(accountId, subnet, row)))
      .onConflict((oc) => oc.columns(['subnet_id', 'sort_key']).doNothing())
      .returning('sort_key')
      .execute();
    for (const row of keys) inserted.add(valueOfSortKey(row.sort_key));
  }
  return inserted;
}
