import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys as k } from '../lib/query-keys.js';

const page = (accountId: string, subnetId: string, cursor: string | null) => [
  ...k.addresses(accountId, subnetId),
  { filter: undefined, q: '', cursor, limit: 100 },
];
const everyone = { subnetId: '', userId: '' };

/**
 * What a member's browser has cached after a tour of account 7 (subnets 3 and 4, plans 1 and 2),
 * plus account 8's list, by a name a test can read.
 */
export const cachedQueries: Record<string, QueryKey> = {
  me: k.me,
  accounts: k.accounts,
  config: k.config,
  sessions: k.sessions,
  products: k.products,
  dashboard: k.dashboard('7'),
  subnets: k.subnets('7'),
  'top subnets': k.subnetLevel('7', 'none'),
  'top subnets of VRF 2': k.subnetLevel('7', 'none', '2'),
  'subnets in 3': k.subnetLevel('7', '3'),
  'path to 4': k.subnetPath('7', '4'),
  stats: k.stats('7'),
  groups: k.groups('7'),
  vrfs: k.vrfs('7'),
  'subnet 3 page 1': page('7', '3', null),
  'subnet 3 page 2': page('7', '3', '10.0.3.100'),
  'subnet 4 page 1': page('7', '4', null),
  'subnet 3 approvals': k.approvals('7', '3'),
  'subnet 4 approvals': k.approvals('7', '4'),
  search: k.search('7', 'web'),
  history: k.audit('7', everyone),
  'history of person 2': k.audit('7', { subnetId: '', userId: '2' }),
  'history of subnet 3': k.audit('7', { ...everyone, subnetId: '3' }),
  'history of subnet 4': k.audit('7', { ...everyone, subnetId: '4' }),
  'recent alerts': [...k.alerts('7'), { limit: 8 }],
  users: k.users('7'),
  invites: k.invites('7'),
  tokens: k.tokens('7'),
  scanners: k.scanners('7'),
  'ipv4 calculations': k.calculations('7', 'ipv4'),
  'ipv6 calculations': k.calculations('7', 'ipv6'),
  plans: k.plans('7'),
  'plan 1': k.plan('7', '1'),
  'plan 1 history': k.planHistory('7', '1'),
  'plan 2': k.plan('7', '2'),
  subscription: k.subscription('7'),
  imports: k.sourceImports('7'),
  'import i1': k.sourceImport('7', 'i1'),
  'import i2': k.sourceImport('7', 'i2'),
  "account 8's subnets": k.subnets('8'),
  "account 8's top subnets": k.subnetLevel('8', 'none'),
};

/** Puts every query of `cachedQueries` into the cache, fresh. */
export function cacheQueries(queryClient: QueryClient): void {
  for (const [name, key] of Object.entries(cachedQueries)) queryClient.setQueryData(key, name);
}

/** The names of the cached queries that were invalidated since `cacheQueries`, in its order. */
export function invalidatedQueries(queryClient: QueryClient): string[] {
  return Object.entries(cachedQueries)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated === true)
    .map(([name]) => name);
}
