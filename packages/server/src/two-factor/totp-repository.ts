import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';

/** A user's stored TOTP factor (the secret still sealed). */
export interface StoredTotp {
  secretSealed: string;
  confirmedAt: string | null;
  lastTimeStep: number | null;
}

/** The user's TOTP factor, confirmed or being set up; undefined when none. */
export async function findTotp(db: Db, userId: string): Promise<StoredTotp | undefined> {
  const row = await db
    .selectFrom('user_totp')
    .select([
      'secret_sealed as secretSealed',
      'confirmed_at as confirmedAt',
      'last_time_step as lastTimeStep',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...row, lastTimeStep: row.lastTimeStep === null ? null : Number(row.lastTimeStep) };
}

/** Whether the user signs in with a confirmed second factor. */
export async function hasConfirmedTotp(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Starts (or restarts) a set-up: the unconfirmed secret replaces any earlier unconfirmed one. */
export async function putUnconfirmedTotp(db: Db, userId: string, secretSealed: string, now: string) {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
  await db
    .insertInto('user_totp')
    .values({
      user_id: userId,
      secret_sealed: secretSealed,
      confirmed_at: null,
      last_time_step: null,
      created_at: now,
    })
    .execute();
}

/** Confirms the set-up with the time step of the code typed; false when nothing was waiting. */
export async function confirmTotp(db: Db, userId: string, timeStep: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ confirmed_at: now, last_time_step: timeStep })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records that a code of `timeStep` was used, only when no code of that step or a later one was:
 * one conditional update, so of two requests with the same code exactly one wins (replay guard).
 */
export async function claimTimeStep(db: Db, userId: string, timeStep: number): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ last_time_step: timeStep })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the user's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Db, userId: string, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((hash) => ({ code_hash: hash, user_id: userId, used_at: null })))
    .execute();
}

/** Marks an unused recovery code of the user as used; false when it is unknown or used already. */
export async function useRecoveryCode(db: Db, userId: string, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many unused recovery codes the user has. */
export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return toCount(row?.n);
}

/** Removes the user's factor and recovery codes; true when a confirmed factor was removed. */
export async function deleteFactorsOfUser(db: Db, userId: string): Promise<boolean> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const result = await db
    .deleteFrom('user_totp')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  return Number(result.numDeletedRows) === 1;
}
