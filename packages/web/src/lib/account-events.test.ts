import type { LiveEvent } from '@ipam/core/api/live-event';
import { QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheQueries, cachedQueries, invalidatedQueries } from '../test/cached-queries.js';
import { eventDebounceMs, subscribeToAccountEvents } from './account-events.js';
import { onAlertSignal } from './alerts.js';
import { ownEventWaitMs, refreshAfterChange } from './own-changes.js';

/** The one stream the subscription opened; the test plays the server through it. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  announce(event: LiveEvent) {
    this.send(JSON.stringify(event));
  }
}

let queryClient: QueryClient;
let subscription: { close: () => void };

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = new QueryClient();
  cacheQueries(queryClient);
  subscription = subscribeToAccountEvents(queryClient, '7');
});
afterEach(() => {
  subscription.close();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stream() {
  const source = FakeEventSource.last;
  if (!source) throw new Error('No stream was opened.');
  return source;
}

/** A query shown on screen: counts the requests it makes. */
async function shown(key: QueryKey): Promise<{ requests: () => number }> {
  let requests = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: key,
    queryFn: () => {
      requests += 1;
      return 'fresh';
    },
    staleTime: Infinity,
  });
  observer.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(0);
  return { requests: () => requests };
}

const pageKey = (name: string): QueryKey => {
  const key = cachedQueries[name];
  if (!key) throw new Error(`No cached query ${name}.`);
  return key;
};

const address = (ip: string, subnetId = '3'): LiveEvent => ({ kind: 'address', id: ip, subnetId });

describe('account events', () => {
  it("listen to the account's stream", () => {
    expect(stream().url).toBe('/api/accounts/7/events');
  });

  it("refresh exactly an address's subnet pages and what shows it, not another subnet's pages", async () => {
    stream().announce(address('10.0.3.5'));
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(invalidatedQueries(queryClient)).toEqual([
      'dashboard',
      'subnet 3 page 1',
      'subnet 3 page 2',
      'search',
      'history',
      'history of person 2',
      'history of subnet 3',
    ]);
  });

  it('answer a burst with one refetch per shown query, after the pause', async () => {
    const page = await shown(pageKey('subnet 3 page 1'));
    const dashboard = await shown(pageKey('dashboard'));
    const otherPage = await shown(pageKey('subnet 4 page 1'));
    stream().announce(address('10.0.3.5'));
    stream().announce(address('10.0.3.6'));
    stream().announce({ kind: 'approval', id: '3', subnetId: '3' });
    await vi.advanceTimersByTimeAsync(eventDebounceMs - 1);
    expect(page.requests()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect([page.requests(), dashboard.requests(), otherPage.requests()]).toEqual([1, 1, 0]);
  });

  it('signal new alerts once per burst, and refresh the alert lists and the dashboard', async () => {
    const heard: string[] = [];
    const stop = onAlertSignal((accountId) => heard.push(accountId));
    try {
      const alerts = await shown(pageKey('recent alerts'));
      const dashboard = await shown(pageKey('dashboard'));
      stream().announce({ kind: 'alert', id: 'a1', subnetId: '3' });
      stream().announce({ kind: 'alert', id: 'a2', subnetId: '3' });
      stream().announce(address('10.0.3.5'));
      await vi.advanceTimersByTimeAsync(eventDebounceMs);
      expect(heard).toEqual(['7']);
      expect([alerts.requests(), dashboard.requests()]).toEqual([1, 1]);
      // A burst without alerts signals nothing.
      stream().announce(address('10.0.3.6'));
      await vi.advanceTimersByTimeAsync(eventDebounceMs);
      expect(heard).toEqual(['7']);
    } finally {
      stop();
    }
  });

  it('refresh everything of the account and the session after a reconnect', async () => {
    stream().onopen?.();
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(invalidatedQueries(queryClient)).toEqual([]);
    stream().onopen?.();
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    const outside = ['config', 'sessions', 'products', "account 8's subnets", "account 8's top subnets"];
    expect(invalidatedQueries(queryClient)).toEqual(
      Object.keys(cachedQueries).filter((name) => !outside.includes(name)),
    );
  });

  it("ignore a line that is not core's live event (numeric id, unknown kind, not JSON)", async () => {
    stream().send(JSON.stringify({ kind: 'subnet', id: 3 }));
    stream().send(JSON.stringify({ kind: 'weather', id: '1' }));
    stream().send('ping');
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(invalidatedQueries(queryClient)).toEqual([]);
  });
});

describe("this browser's own change", () => {
  it('is refetched once: by its mutation, and not again by its event', async () => {
    const page = await shown(pageKey('subnet 3 page 1'));
    await refreshAfterChange(queryClient, '7', [address('10.0.3.5')]);
    expect(page.requests()).toBe(1);
    stream().announce(address('10.0.3.5'));
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(page.requests()).toBe(1);
    // Someone else's change of the same subnet still refreshes.
    stream().announce(address('10.0.3.9'));
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(page.requests()).toBe(2);
  });

  it('is refetched once when its event comes just before the answer', async () => {
    const page = await shown(pageKey('subnet 3 page 1'));
    stream().announce(address('10.0.3.5'));
    await vi.advanceTimersByTimeAsync(eventDebounceMs / 2);
    await refreshAfterChange(queryClient, '7', [address('10.0.3.5')]);
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(page.requests()).toBe(1);
  });

  it("does not hold back other subnets' events", async () => {
    const other = await shown(pageKey('subnet 4 page 1'));
    await refreshAfterChange(queryClient, '7', [address('10.0.3.5')]);
    stream().announce(address('10.0.4.5', '4'));
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(other.requests()).toBe(1);
  });

  it('expects no event after a failed request, nor once a same-subnet event was just refreshed', async () => {
    const page = await shown(pageKey('subnet 3 page 1'));
    await refreshAfterChange(queryClient, '7', [address('10.0.3.5')], { error: new Error('409') });
    stream().announce(address('10.0.3.9'));
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(page.requests()).toBe(2);
    // That event may have been this change's (its answer was slow): a stranger's next one must count.
    await refreshAfterChange(queryClient, '7', [address('10.0.3.5')]);
    stream().announce(address('10.0.3.7'));
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(page.requests()).toBe(4);
  });

  it('stops waiting for its event after a while', async () => {
    const page = await shown(pageKey('subnet 3 page 1'));
    await refreshAfterChange(queryClient, '7', [address('10.0.3.5')]);
    await vi.advanceTimersByTimeAsync(ownEventWaitMs);
    stream().announce(address('10.0.3.9'));
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(page.requests()).toBe(2);
  });

  it('stops waiting for its event after a reconnect (which refreshes everything)', async () => {
    stream().onopen?.();
    const page = await shown(pageKey('subnet 3 page 1'));
    await refreshAfterChange(queryClient, '7', [address('10.0.3.5')]);
    stream().onopen?.();
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(page.requests()).toBe(2);
    stream().announce(address('10.0.3.9'));
    await vi.advanceTimersByTimeAsync(eventDebounceMs);
    expect(page.requests()).toBe(3);
  });
});
