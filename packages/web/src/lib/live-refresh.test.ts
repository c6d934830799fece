import type { LiveEvent } from '@ipam/core/api/live-event';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { cacheQueries, cachedQueries, invalidatedQueries } from '../test/cached-queries.js';
import { type LiveChange, invalidateTargets, refreshTargets } from './live-refresh.js';
import { queryKeys } from './query-keys.js';

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient();
  cacheQueries(queryClient);
});

async function refreshed(...changes: LiveChange[]): Promise<string[]> {
  await invalidateTargets(queryClient, refreshTargets('7', changes));
  return invalidatedQueries(queryClient).sort();
}

/** Every change is on the dashboard and in the History not narrowed to another subnet. */
const activity = ['dashboard', 'history', 'history of person 2'];

describe('the live refresh table', () => {
  const cases: [string, LiveEvent, string[]][] = [
    [
      'an address: its subnet pages, searches',
      { kind: 'address', id: '10.0.3.5', subnetId: '3' },
      ['subnet 3 page 1', 'subnet 3 page 2', 'search', 'history of subnet 3'],
    ],
    [
      "a bulk address change (the subnet's id)",
      { kind: 'address', id: '3', subnetId: '3' },
      ['subnet 3 page 1', 'subnet 3 page 2', 'search', 'history of subnet 3'],
    ],
    [
      "an approval: its subnet's approvals",
      { kind: 'approval', id: '12', subnetId: '3' },
      ['subnet 3 approvals', 'history of subnet 3'],
    ],
    [
      'a subnet: the subnet list, its levels and paths, the counts, VRFs (their counts), scanners, searches',
      { kind: 'subnet', id: '4', subnetId: '4' },
      [
        'subnets',
        'top subnets',
        'top subnets of VRF 2',
        'subnets in 3',
        'path to 4',
        'stats',
        'vrfs',
        'scanners',
        'search',
        'history of subnet 4',
      ],
    ],
    [
      'an imported subnet (no subnetId)',
      { kind: 'subnet', id: '4' },
      [
        'subnets',
        'top subnets',
        'top subnets of VRF 2',
        'subnets in 3',
        'path to 4',
        'stats',
        'vrfs',
        'scanners',
        'search',
        'history of subnet 4',
      ],
    ],
    ['a group', { kind: 'group', id: '5' }, ['groups']],
    ['a VRF', { kind: 'vrf', id: '5' }, ['vrfs']],
    ['a user: users and the session', { kind: 'user', id: '2' }, ['me', 'accounts', 'users']],
    ['an invite', { kind: 'invite', id: '6' }, ['invites']],
    ['a token', { kind: 'token', id: '7' }, ['tokens']],
    ['a scanner', { kind: 'scanner', id: '8' }, ['scanners']],
    ['a calculation', { kind: 'calculation', id: '9' }, ['ipv4 calculations', 'ipv6 calculations']],
    ['a plan: the list and that plan', { kind: 'plan', id: '1' }, ['plans', 'plan 1', 'plan 1 history']],
  ];
  it.each(cases)('%s', async (_name, event, own) => {
    expect(await refreshed(event)).toEqual([...own, ...activity].sort());
  });

  it('refreshes the import list and that import for an import event, and no activity', async () => {
    expect(await refreshed({ kind: 'import', id: 'i1' })).toEqual(['imports', 'import i1'].sort());
  });

  it("refreshes everything of the account and the session for an account change, nothing of another's", async () => {
    const outside = ['config', 'sessions', 'products', "account 8's subnets", "account 8's top subnets"];
    const expected = Object.keys(cachedQueries).filter((name) => !outside.includes(name));
    expect(await refreshed({ kind: 'account', id: '7' })).toEqual(expected.sort());
  });

  it('takes a lone kind for kinds whose refresh names no object', async () => {
    expect(await refreshed('group')).toEqual(['groups', ...activity].sort());
  });

  it('names each target once for a burst', () => {
    const address: LiveEvent = { kind: 'address', id: '10.0.3.5', subnetId: '3' };
    const approval: LiveEvent = { kind: 'approval', id: '3', subnetId: '3' };
    const burst = [address, { ...address, id: '10.0.3.6' }, approval];
    const targets = refreshTargets('7', burst).map((target) => JSON.stringify(target));
    expect(new Set(targets).size).toBe(targets.length);
    expect(targets).toHaveLength(refreshTargets('7', [address, approval]).length);
  });

  it('leaves a deleted object this browser still shows alone', async () => {
    await invalidateTargets(
      queryClient,
      refreshTargets('7', [{ kind: 'plan', id: '1' }]),
      queryKeys.plan('7', '1'),
    );
    expect(invalidatedQueries(queryClient).sort()).toEqual(['plans', ...activity].sort());
  });
});
