import { randomUUID } from 'node:crypto';
import { isPostgres, type Db } from '../db/database.js';
import type { Insertable } from 'kysely';
import type { IpAddressesTable } from '../db/schema.js';
import { addressText, foldedForSearch, sortKeyOf } from './address-keys.js';
import { addCounts, adjustStatusCounts, NO_COUNTS, statusChange } from './address-count-repository.js';
import { findStored, type AddressStatus, type StoredAddress, type SubnetRef } from './address-repository.js';

/** The data of an address a write sets. */
export interface AddressFields {
  status: AddressStatus;
  hostname: string;
  description: string;
  allowScannerUpdate: boolean;
}

/**
 * The stored row of an address, created as the virtual Available row if it was never written (then
 * `isNew`), and locked until the transaction ends (PostgreSQL; SQLite writes one transaction at a
 * time), so two people writing the same address at once are applied one after the other.
 */
export async function lockAddressRow(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  value: bigint,
): Promise<{ row: StoredAddress; isNew: boolean }> {
  const key = sortKeyOf(subnet.version, value);
  const inserted = await db
    .insertInto('ip_addresses')
    .values({
      id: randomUUID(),
      account_id: accountId,
      subnet_id: subnet.id,
      ip_address: addressText(subnet.version, value),
      sort_key: key,
      status: 'Available',
      hostname: '',
      description: '',
      hostname_folded: '',
      description_folded: '',
      allow_scanner_update: 1,
      updated_date: null,
      updated_by: null,
    })
    .onConflict((oc) => oc.columns(['subnet_id', 'sort_key']).doNothing())
    .executeTakeFirst();
  if (isPostgres(db)) {
    await db
      .selectFrom('ip_addresses')
      .select('id')
      .where('subnet_id', '=', subnet.id)
      .where('sort_key', '=', key)
      .forUpdate()
      .execute();
  }
  const row = await findStored(db, subnet, value);
  if (!row) throw new Error('address row vanished inside its transaction');
  return { row, isNew: Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 };
}

/** Writes an address's data with who and when. */
export async function updateAddressRow(
  db: Db,
  id: string,
  fields: AddressFields,
  updatedDate: string,
  updatedBy: string | null,
): Promise<void> {
  await db
    .updateTable('ip_addresses')
    .set({
      status: fields.status,
      hostname: fields.hostname,
      description: fields.description,
      hostname_folded: foldedForSearch(fields.hostname),
      description_folded: foldedForSearch(fields.description),
      allow_scanner_update: fields.allowScannerUpdate ? 1 : 0,
      updated_date: updatedDate,
      updated_by: updatedBy,
    })
    .where('id', '=', id)
    .execute();
}

/** Inserts many never-written addresses in multi-row statements (bulk loads, benchmarks), counted. */
export async function insertAddressRows(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  rows: readonly (AddressFields & { value: bigint; updatedDate: string; updatedBy: string | null })[],
): Promise<void> {
  // 11 parameters a row; 500 rows stay under every engine's parameter limit.
  const chunk = 500;
  for (let i = 0; i < rows.length; i += chunk) {
    const values: Insertable<IpAddressesTable>[] = rows.slice(i, i + chunk).map((row) => ({
      id: randomUUID(),
      account_id: accountId,
      subnet_id: subnet.id,
      ip_address: addressText(subnet.version, row.value),
      sort_key: sortKeyOf(subnet.version, row.value),
      status: row.status,
      hostname: row.hostname,
      description: row.description,
      hostname_folded: foldedForSearch(row.hostname),
      description_folded: foldedForSearch(row.description),
      allow_scanner_update: row.allowScannerUpdate ? 1 : 0,
      updated_date: row.updatedDate,
      updated_by: row.updatedBy,
    }));
    await db.insertInto('ip_addresses').values(values).execute();
  }
  const change = rows.reduce((sum, row) => addCounts(sum, statusChange(null, row.status)), NO_COUNTS);
  await adjustStatusCounts(db, subnet.id, change);
}
