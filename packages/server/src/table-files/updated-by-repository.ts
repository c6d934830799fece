import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';

/** A user as an export or import names them. */
export interface NamedUser {
  id: string;
  email: string;
}

/**
 * The users among `ids` whom the account knows: its members, and former members who made changes in
 * it (their entries are in its audit log). Any other id (say, one a file brought in) is not a user here.
 */
export async function findAccountUsers(
  db: Db,
  accountId: string,
  ids: readonly string[],
): Promise<NamedUser[]> {
  const found: NamedUser[] = [];
  for (const chunk of chunksOf(ids)) {
    const rows = await db
      .selectFrom('users')
      .select(['users.id', 'users.email'])
      .where('users.id', 'in', chunk)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('users_accounts')
              .select('users_accounts.user_id')
              .whereRef('users_accounts.user_id', '=', 'users.id')
              .where('users_accounts.account_id', '=', accountId),
          ),
          eb.exists(
            eb
              .selectFrom('audit_log')
              .select('audit_log.id')
              .whereRef('audit_log.user_id', '=', 'users.id')
              .where('audit_log.account_id', '=', accountId),
          ),
        ]),
      )
      .execute();
    found.push(...rows);
  }
  return found;
}

/** The account's members whose id or e-mail (stored lower-cased) is among `keys`. */
export async function findMembersByIdOrEmail(
  db: Db,
  accountId: string,
  keys: readonly string[],
): Promise<NamedUser[]> {
  const found: NamedUser[] = [];
  for (const chunk of chunksOf(keys)) {
    const rows = await db
      .selectFrom('users')
      .innerJoin('users_accounts', 'users_accounts.user_id', 'users.id')
      .select(['users.id', 'users.email'])
      .where('users_accounts.account_id', '=', accountId)
      .where((eb) => eb.or([eb('users.id', 'in', chunk), eb('users.email', 'in', chunk)]))
      .execute();
    found.push(...rows);
  }
  return found;
}
