import type { AccountRecord } from './account-repository.js';
import { tierName } from '@ipam/core/tiers';

/** The API's `Account` object. */
export interface AccountView extends AccountRecord {
  tierName: string;
  isOwner: boolean;
}

/** Presents an account to a caller (isOwner: is the caller its owner). */
export function toAccountView(account: AccountRecord, callerId: string): AccountView {
  return { ...account, tierName: tierName(account.tier), isOwner: account.uid === callerId };
}

/** The current account: the cookie's choice when the user belongs to it, else the first linked one. */
export function chooseCurrentAccount(
  accounts: readonly AccountRecord[],
  cookieAccountId: string | undefined,
): AccountRecord | undefined {
  return accounts.find((a) => a.id === cookieAccountId) ?? accounts[0];
}
