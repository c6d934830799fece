import type { Db } from '../db/database.js';

/** Which second factors a user has: a confirmed TOTP, passkeys. */
export interface SecondFactors {
  hasTotp: boolean;
  hasPasskey: boolean;
}

/** The user's second factors, in one query (the owner's rule reads it on every request of the account). */
export async function secondFactorsOf(db: Db, userId: string): Promise<SecondFactors> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('user_totp')
            .select('user_totp.user_id')
            .whereRef('user_totp.user_id', '=', 'users.id')
            .where('user_totp.confirmed_at', 'is not', null),
        )
        .as('hasTotp'),
      eb
        .exists(eb.selectFrom('passkeys').select('passkeys.id').whereRef('passkeys.user_id', '=', 'users.id'))
        .as('hasPasskey'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  // PostgreSQL answers booleans, SQLite 0 or 1.
  return { hasTotp: Boolean(row?.hasTotp), hasPasskey: Boolean(row?.hasPasskey) };
}

/** Whether the user signs in with any second factor (a confirmed TOTP or a passkey). */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const factors = await secondFactorsOf(db, userId);
  return factors.hasTotp || factors.hasPasskey;
}
