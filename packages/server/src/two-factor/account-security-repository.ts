import type { Db } from '../db/database.js';

/** Sets whether every member of the account needs a second factor. */
export async function setRequireSecondFactor(db: Db, accountId: string, isRequired: boolean): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ require_second_factor: isRequired ? 1 : 0 })
    .where('id', '=', accountId)
    .execute();
}
