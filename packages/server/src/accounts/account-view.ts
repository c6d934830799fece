import { ipv6PrefixRange, tierName, type PrefixRange } from '@ipam/core/tiers';
import { accountIpv6Range, type AccountRecord } from './account-repository.js';

/** The API's `Account` object. */
export interface AccountView extends Omit<AccountRecord, 'requireSecondFactor'> {
  tierName: string;
  requireSecondFactor: boolean;
  isOwner: boolean;
  ipv6Prefixes: PrefixRange | null;
}

/** Presents an account to a caller (isOwner: is the caller its owner). */
export function toAccountView(account: AccountRecord, callerId: string): AccountView {
  return {
    ...account,
    tierName: tierName(account.tier),
    isOwner: account.uid === callerId,
    ipv6Prefixes: ipv6PrefixRange(account.tier, accountIpv6Range(account)),
    requireSecondFactor: account.requireSecondFactor === 1,
  };
}

/** The current account: the cookie's choice when the user belongs to it, else the first linked one. */
export function chooseCurrentAccount(
  accounts: readonly AccountRecord[],
  cookieAccountId: string | undefined,
): AccountRecord | undefined {
  return accounts.find((a) => a.id === cookieAccountId) ?? accounts[0];
}
