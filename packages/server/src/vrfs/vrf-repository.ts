import { sortedByName } from '@ipam/core/name-order';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import type { VrfsTable } from '../db/schema.js';

/** A VRF as the domain sees it. */
export interface VrfRecord {
  id: string;
  name: string;
  rd: string | null;
  description: string;
  isDefault: boolean;
  updatedDate: string;
  updatedBy: string | null;
}

function toVrf(row: Selectable<VrfsTable>): VrfRecord {
  return {
    id: row.id,
    name: row.name,
    rd: row.rd,
    description: row.description,
    isDefault: Number(row.is_default) === 1,
    updatedDate: row.updated_date,
    updatedBy: row.updated_by,
  };
}

/** The account's VRFs ordered by name, case-insensitive (sorted here so both engines agree). */
export async function listVrfs(db: Db, accountId: string): Promise<VrfRecord[]> {
  const rows = await db.selectFrom('vrfs').selectAll().where('account_id', '=', accountId).execute();
  return sortedByName(rows.map(toVrf));
}

/** How many subnets each VRF of the account holds (VRFs without subnets are absent). */
export async function countSubnetsPerVrf(db: Db, accountId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('subnets')
    .select(['vrf_id', (eb) => eb.fn.countAll().as('n')])
    .where('account_id', '=', accountId)
    .groupBy('vrf_id')
    .execute();
  return new Map(rows.map((row) => [row.vrf_id, toCount(row.n)]));
}

/** How many subnets one VRF holds. */
export async function countSubnetsInVrf(db: Db, accountId: string, vrfId: string): Promise<number> {
  const row = await db
    .selectFrom('subnets')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .where('vrf_id', '=', vrfId)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** A VRF of the account, or undefined (another account's VRF is not found). */
export async function findVrf(db: Db, accountId: string, vrfId: string): Promise<VrfRecord | undefined> {
  const row = await db
    .selectFrom('vrfs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', vrfId)
    .executeTakeFirst();
  return row ? toVrf(row) : undefined;
}

/** The account's default VRF ("Global"); every account has one from its creation or the migration. */
export async function findDefaultVrf(db: Db, accountId: string): Promise<VrfRecord> {
  const row = await db
    .selectFrom('vrfs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  if (!row) throw new Error(`account ${accountId} has no default VRF`);
  return toVrf(row);
}

/** Inserts a VRF. */
export async function insertVrf(
  db: Db,
  accountId: string,
  vrf: VrfRecord & { createdAt: string },
): Promise<void> {
  await db
    .insertInto('vrfs')
    .values({
      id: vrf.id,
      account_id: accountId,
      name: vrf.name,
      rd: vrf.rd,
      description: vrf.description,
      is_default: vrf.isDefault ? 1 : 0,
      created_at: vrf.createdAt,
      updated_date: vrf.updatedDate,
      updated_by: vrf.updatedBy,
    })
    .execute();
}

/** Writes a VRF's editable fields. */
export async function updateVrfRow(db: Db, accountId: string, vrf: VrfRecord): Promise<void> {
  await db
    .updateTable('vrfs')
    .set({
      name: vrf.name,
      rd: vrf.rd,
      description: vrf.description,
      updated_date: vrf.updatedDate,
      updated_by: vrf.updatedBy,
    })
    .where('account_id', '=', accountId)
    .where('id', '=', vrf.id)
    .execute();
}

/** Deletes a VRF. */
export async function deleteVrfRow(db: Db, accountId: string, vrfId: string): Promise<void> {
  await db.deleteFrom('vrfs').where('account_id', '=', accountId).where('id', '=', vrfId).execute();
}
