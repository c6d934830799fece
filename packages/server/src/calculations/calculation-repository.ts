import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';

/** The two calculators whose results an account keeps. */
export type CalculationType = 'ipv4' | 'ipv6';

/** A saved calculation as stored: the inputs as typed, the server's result (JSON) and who saved it when. */
export interface CalculationRow {
  id: string;
  type: CalculationType;
  ipAddress: string;
  subnetMask: string | null;
  prefixLength: string | null;
  cidr: number;
  resultJson: string;
  createdAt: string;
  createdBy: string | null;
  createdByEmail: string | null;
}

/** A new row; `seq` comes from `nextCalculationSeq` inside the same transaction. */
export interface NewCalculation {
  id: string;
  accountId: string;
  seq: number;
  type: CalculationType;
  ipAddress: string;
  subnetMask: string | null;
  prefixLength: string | null;
  cidr: number;
  resultJson: string;
  createdAt: string;
  createdBy: string;
}

/** Stores a saved calculation. */
export async function insertCalculation(db: Db, row: NewCalculation): Promise<void> {
  await db
    .insertInto('calculations')
    .values({
      id: row.id,
      account_id: row.accountId,
      seq: row.seq,
      type: row.type,
      ip_address: row.ipAddress,
      subnet_mask: row.subnetMask,
      prefix_length: row.prefixLength,
      cidr: row.cidr,
      result_json: row.resultJson,
      created_at: row.createdAt,
      created_by: row.createdBy,
    })
    .execute();
}

function selectCalculations(db: Db, accountId: string) {
  return db
    .selectFrom('calculations')
    .leftJoin('users', 'users.id', 'calculations.created_by')
    .select([
      'calculations.id',
      'calculations.type',
      'calculations.ip_address as ipAddress',
      'calculations.subnet_mask as subnetMask',
      'calculations.prefix_length as prefixLength',
      'calculations.cidr',
      'calculations.result_json as resultJson',
      'calculations.created_at as createdAt',
      'calculations.created_by as createdBy',
      'users.email as createdByEmail',
    ])
    .where('calculations.account_id', '=', accountId);
}

function asRow(row: Omit<CalculationRow, 'type'> & { type: string }): CalculationRow {
  return { ...row, type: row.type === 'ipv6' ? 'ipv6' : 'ipv4' };
}

/** The account's saved calculations of one type, newest first. */
export async function listCalculations(
  db: Db,
  accountId: string,
  type: CalculationType,
): Promise<CalculationRow[]> {
  const rows = await selectCalculations(db, accountId)
    .where('calculations.type', '=', type)
    .orderBy('calculations.seq', 'desc')
    .execute();
  return rows.map(asRow);
}

/** One of the account's saved calculations (undefined when missing or another account's). */
export async function findCalculation(
  db: Db,
  accountId: string,
  id: string,
): Promise<CalculationRow | undefined> {
  const row = await selectCalculations(db, accountId).where('calculations.id', '=', id).executeTakeFirst();
  return row && asRow(row);
}

/** Deletes one of the account's saved calculations; true when a row was deleted. */
export async function deleteCalculation(db: Db, accountId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('calculations')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many calculations of this type the account keeps. */
export async function countCalculations(db: Db, accountId: string, type: CalculationType): Promise<number> {
  const row = await db
    .selectFrom('calculations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** The account's next save number (1 for the first); read with the account row locked. */
export async function nextCalculationSeq(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('calculations')
    .select((eb) => eb.fn.max('seq').as('last'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return toCount(row?.last) + 1;
}
