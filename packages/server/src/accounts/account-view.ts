import type { Role } from '@ipam/core/roles';
import { ipv6PrefixRange, tierName, type PrefixRange } from '@ipam/core/tiers';
import { accountIpv6Range, type AccountRecord } from './account-repository.js';

/** The API's `Account` object. */
export interface AccountView extends Omit<AccountRecord, 'requireSecondFactor'> {
  tierName: string;
  requireSecondFactor: boolean;
  isOwner: boolean;
  role: Role;
  groupIds: string[];
  ipv6Prefixes: PrefixRange | null;
}

/** The caller's place in an account: their role and, for an editor, the groups they are limited to. */
export interface CallerRole {
  role: Role;
  groupIds: string[];
}

/** Presents an account to a caller with their role (isOwner: do they hold the owner role). */
export function toAccountView(account: AccountRecord, caller: CallerRole): AccountView {
  return {
    ...account,
    tierName: tierName(account.tier),
    isOwner: caller.role === 'owner',
    role: caller.role,
    groupIds: caller.groupIds,
    ipv6Prefixes: ipv6PrefixRange(account.tier, accountIpv6Range(account)),
    requireSecondFactor: account.requireSecondFactor === 1,
  };
}

/** A caller's role in each account as `rolesOfUser` reads it; a missing one reads as the least. */
export function callerRoleIn(roles: ReadonlyMap<string, CallerRole>, accountId: string): CallerRole {
  return roles.get(accountId) ?? { role: 'viewer', groupIds: [] };
}

/** The current account: the cookie's choice when the user belongs to it, else the first linked one. */
export function chooseCurrentAccount(
  accounts: readonly AccountRecord[],
  cookieAccountId: string | undefined,
): AccountRecord | undefined {
  return accounts.find((a) => a.id === cookieAccountId) ?? accounts[0];
}
