import { listAccountsOfUser } from '../accounts/account-repository.js';
import {
  callerRoleIn,
  chooseCurrentAccount,
  toAccountView,
  type AccountView,
} from '../accounts/account-view.js';
import { rolesOfUser } from '../roles/member-role-repository.js';
import type { Db } from '../db/database.js';
import { hasSecondFactor } from '../two-factor/second-factor-repository.js';
import { findCurrentAccountId, findUserById, type UserRecord } from '../users/user-repository.js';

/** The API's `Me`: the user, their accounts and the current one. */
export interface Me {
  user: UserRecord;
  hasSecondFactor: boolean;
  accounts: AccountView[];
  currentAccountId: string | null;
}

/**
 * Builds `Me` for a signed-in user; the current account follows the accountId cookie if valid, else
 * the account the user last chose (kept on the server, so it survives logging out and in), else their first.
 */
export async function loadMe(
  db: Db,
  userId: string,
  cookieAccountId: string | undefined,
): Promise<Me | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const accounts = await listAccountsOfUser(db, userId);
  const roles = await rolesOfUser(db, userId);
  const byCookie = accounts.find((a) => a.id === cookieAccountId);
  const current =
    byCookie ?? chooseCurrentAccount(accounts, (await findCurrentAccountId(db, userId)) ?? undefined);
  return {
    user,
    hasSecondFactor: await hasSecondFactor(db, userId),
    accounts: accounts.map((a) => toAccountView(a, callerRoleIn(roles, a.id))),
    currentAccountId: current?.id ?? null,
  };
}
