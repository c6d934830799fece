import type { LiveEvent } from '@ipam/core/api/live-event';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type LiveChange, eventOf, invalidateTargets, refreshTargets, scopeOf } from './live-refresh.js';

/**
 * How long this browser waits for the event of its own change (it normally comes within
 * milliseconds of the answer), and how long a refresh for an event keeps a later own change from
 * expecting one. Past it, an event refreshes as any other.
 */
export const ownEventWaitMs = 3_000;

interface Entry {
  accountId: string;
  scope: string;
  at: number;
}

/** Per query client: the events its own changes still expect, and when events were last refreshed for. */
interface Ledger {
  expected: Entry[];
  refreshed: Entry[];
}

const ledgers = new WeakMap<QueryClient, Ledger>();

function ledgerOf(queryClient: QueryClient): Ledger {
  let ledger = ledgers.get(queryClient);
  if (!ledger) {
    ledger = { expected: [], refreshed: [] };
    ledgers.set(queryClient, ledger);
  }
  return ledger;
}

function dropOld(ledger: Ledger, now: number): void {
  ledger.expected = ledger.expected.filter((entry) => now - entry.at < ownEventWaitMs);
  ledger.refreshed = ledger.refreshed.filter((entry) => now - entry.at < ownEventWaitMs);
}

/** How a mutation's request ended. */
export interface ChangeOutcome {
  /** The error `onSettled` got: a failed request announced nothing, yet its answer (a conflict) may mean newer data. */
  error?: unknown;
  /** The key of the object the change deleted, which the screen still shows (see invalidateTargets). */
  deleted?: QueryKey;
}

/**
 * One refetch per change in the browser that made it. The change's mutation refreshes right after
 * the server's answer (so a dialog can close on fresh data) every query the change's live event
 * would, and leaves a note that the event is coming. When the event arrives it meets the note and
 * refreshes nothing more. Events are told apart by kind and scope (scopeOf: the subnet, the plan),
 * which decide what they refresh, so whichever same-scope event meets the note, what it would
 * refresh was refreshed after it was committed or will be by the other one. A note is left only
 * when no same-scope event was refreshed in the last few seconds (else that one may have been this
 * change's, and the note could swallow a stranger's: refetching twice is the safe side), and it
 * lapses after `ownEventWaitMs`.
 */
export function refreshAfterChange(
  queryClient: QueryClient,
  accountId: string,
  changes: readonly LiveChange[],
  { error = null, deleted }: ChangeOutcome = {},
): Promise<void> {
  const ledger = ledgerOf(queryClient);
  const now = Date.now();
  dropOld(ledger, now);
  for (const event of error === null ? changes.map(eventOf) : []) {
    const scope = scopeOf(event);
    const isSameScope = (entry: Entry) => entry.accountId === accountId && entry.scope === scope;
    if (!ledger.refreshed.some(isSameScope)) ledger.expected.push({ accountId, scope, at: now });
  }
  return invalidateTargets(queryClient, refreshTargets(accountId, changes), deleted);
}

/**
 * For the event stream: whether the event is one a change of this browser already refreshed for
 * (its note is used up). Otherwise the event is recorded as refreshed for, and the caller refreshes.
 */
export function isOwnChange(queryClient: QueryClient, accountId: string, event: LiveEvent): boolean {
  const ledger = ledgerOf(queryClient);
  const now = Date.now();
  dropOld(ledger, now);
  const scope = scopeOf(event);
  const index = ledger.expected.findIndex((entry) => entry.accountId === accountId && entry.scope === scope);
  if (index >= 0) {
    ledger.expected.splice(index, 1);
    return true;
  }
  ledger.refreshed.push({ accountId, scope, at: now });
  return false;
}

/** After a reconnect everything is refetched and events may have been lost: no note stays. */
export function forgetOwnChanges(queryClient: QueryClient): void {
  ledgers.delete(queryClient);
}

/** For a mutation's `onSuccess` or `onSettled`: `refreshAfterChange` in the current account. */
export function useChangeRefresh(accountId: string) {
  const queryClient = useQueryClient();
  return (changes: readonly LiveChange[], outcome?: ChangeOutcome) =>
    refreshAfterChange(queryClient, accountId, changes, outcome);
}
