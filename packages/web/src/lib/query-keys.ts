import type { Id } from './auth-types.js';

/**
 * Every TanStack Query key of the app in one place. Account-scoped keys start with
 * ['accounts', accountId] so a live event for an account can invalidate exactly its data.
 */
export const queryKeys = {
  me: ['me'] as const,
  config: ['config'] as const,
  accounts: ['accounts', 'list'] as const,
  account: (accountId: Id) => ['accounts', accountId] as const,
  stats: (accountId: Id) => ['accounts', accountId, 'stats'] as const,
  users: (accountId: Id) => ['accounts', accountId, 'users'] as const,
  invites: (accountId: Id) => ['accounts', accountId, 'invites'] as const,
  /** Saved calculations of one calculator ('ipv4' or 'ipv6'). */
  calculations: (accountId: Id, kind: 'ipv4' | 'ipv6') =>
    ['accounts', accountId, 'calculations', kind] as const,
  groups: (accountId: Id) => ['accounts', accountId, 'groups'] as const,
  subnets: (accountId: Id) => ['accounts', accountId, 'subnets'] as const,
  /** Every page of one subnet's address list (a live event for the subnet refreshes them all). */
  addresses: (accountId: Id, subnetId: Id) =>
    ['accounts', accountId, 'subnets', subnetId, 'addresses'] as const,
  approvals: (accountId: Id, subnetId: Id) =>
    ['accounts', accountId, 'subnets', subnetId, 'approvals'] as const,
  scanners: (accountId: Id) => ['accounts', accountId, 'scanners'] as const,
};
