import type { LiveEvent, LiveEventKind } from '@ipam/core/api/live-event';
import { type QueryClient, type QueryKey, matchQuery, partialMatchKey } from '@tanstack/react-query';
import { queryKeys as k } from './query-keys.js';

/** Queries to refresh: every query whose key starts with `queryKey`, or, when `exact`, that one query. */
export interface RefreshTarget {
  queryKey: QueryKey;
  exact?: boolean;
}

/**
 * A change as the server announces it (core's live event). A kind whose refresh names no object
 * (every group event refreshes the same queries) may be given alone.
 */
export type LiveChange =
  LiveEvent | Exclude<LiveEventKind, 'address' | 'approval' | 'subnet' | 'plan' | 'import'>;

const under = (queryKey: QueryKey): RefreshTarget => ({ queryKey });
const only = (queryKey: QueryKey): RefreshTarget => ({ queryKey, exact: true });

/** The signed-in user's own answer: their accounts and their limits in each. */
const session: RefreshTarget[] = [only(k.me), only(k.accounts)];

/** Everything cached of the account, and the session: after a reconnect, when events may be lost. */
export function everything(accountId: string): RefreshTarget[] {
  return [under(k.account(accountId)), ...session];
}

/** The targets of one event of account `a`; `s` is its subnet ('' when it has none). */
type Refresh = (a: string, event: LiveEvent, s: string) => RefreshTarget[];

/**
 * What each kind of event refreshes, besides the activity every change shows in (below). Checked
 * against what the server announces (`announce(...)` in packages/server/src): an address or
 * approval event always names its subnet; bulk address changes name the subnet as their id.
 *
 * - address: the subnet's address pages (they carry its used count and %), every search.
 * - approval: the subnet's pending approvals (a Confirm also sends an address event).
 * - subnet: the subnet list (which also gives the groups page its subnet counts), every level and
 *   single-subnet read of the IPs tree, the account's counts (the panel's limit), the VRF list (its
 *   subnet counts), the scanners (their "(Removed)" subnets), every search. Not the subnet's own
 *   address pages: no edit resizes a subnet.
 * - vrf: the VRF list (with its subnet counts).
 * - import: the list of latest imports and that import (its progress, then its report). What an
 *   import writes is announced by its own events (vrf, group, subnet, address).
 * - alert: the account's alerts (the dashboard's Recent alerts, every page); a went-stale alert is
 *   also in History (below).
 * - account: a billing change moves the tier and limits, which gate most answers: everything.
 */
const refreshes: Record<LiveEventKind, Refresh> = {
  address: (a, _e, s) => [under(k.addresses(a, s)), under(k.searches(a))],
  approval: (a, _e, s) => [under(k.approvals(a, s))],
  subnet: (a) => [
    only(k.subnets(a)),
    under(k.subnetReads(a)),
    only(k.stats(a)),
    under(k.vrfs(a)),
    under(k.scanners(a)),
    under(k.searches(a)),
  ],
  group: (a) => [under(k.groups(a))],
  vrf: (a) => [under(k.vrfs(a))],
  user: (a) => [under(k.users(a)), ...session],
  invite: (a) => [under(k.invites(a))],
  plan: (a, e) => [only(k.plans(a)), under(k.plan(a, e.id))],
  token: (a) => [under(k.tokens(a))],
  import: (a, e) => [only(k.sourceImports(a)), only(k.sourceImport(a, e.id))],
  scanner: (a) => [under(k.scanners(a))],
  calculation: (a) => [under(k.allCalculations(a))],
  alert: (a) => [under(k.alerts(a))],
  account: (a) => everything(a),
};

/**
 * Every kind but import is audited: each change appears on the dashboard (latest changes, and its
 * counts) and in the History pages not narrowed to another subnet. An import's own events only tell
 * its progress (twice a second while it runs); what it writes comes with events of those kinds.
 */
function activity(accountId: string, s: string): RefreshTarget[] {
  const history = [under(k.auditOfSubnet(accountId, ''))];
  if (s) history.push(under(k.auditOfSubnet(accountId, s)));
  return [under(k.dashboard(accountId)), ...history];
}

/** The change as a live event (a lone kind names no object). */
export function eventOf(change: LiveChange): LiveEvent {
  return typeof change === 'string' ? { kind: change, id: '' } : change;
}

/** The subnet an event is about, or ''. */
function subnetOf(event: LiveEvent): string {
  const isSubnetBound = event.kind === 'address' || event.kind === 'approval' || event.kind === 'subnet';
  return isSubnetBound ? (event.subnetId ?? event.id) : '';
}

/**
 * What tells events apart for refreshing: two events with the same scope refresh the same queries
 * (so one change of this browser can stand in for another's, see own-changes.ts).
 */
export function scopeOf(event: LiveEvent): string {
  const isNamed = event.kind === 'plan' || event.kind === 'import';
  return `${event.kind}:${isNamed ? event.id : subnetOf(event)}`;
}

/** The queries a burst of changes refreshes, each target once. */
export function refreshTargets(accountId: string, changes: readonly LiveChange[]): RefreshTarget[] {
  const targets = new Map<string, RefreshTarget>();
  for (const event of changes.map(eventOf)) {
    const s = subnetOf(event);
    const shown = event.kind === 'import' ? [] : activity(accountId, s);
    for (const target of [...refreshes[event.kind](accountId, event, s), ...shown]) {
      targets.set(JSON.stringify(target), target);
    }
  }
  return [...targets.values()];
}

/**
 * Invalidates the targets in one pass, so a query two targets share refetches once: the open ones
 * now, the others when next shown. Queries under `deleted` (an object this browser just deleted,
 * still on screen until the caller moves away) are left alone: they would only answer 404.
 */
export function invalidateTargets(
  queryClient: QueryClient,
  targets: readonly RefreshTarget[],
  deleted?: QueryKey,
): Promise<void> {
  if (targets.length === 0) return Promise.resolve();
  return queryClient.invalidateQueries({
    predicate: (query) =>
      !(deleted && partialMatchKey(query.queryKey, deleted)) &&
      targets.some((target) => matchQuery(target, query)),
  });
}
