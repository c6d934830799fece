import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventDebounceMs, subscribeToAccountEvents } from './account-events.js';

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
}

let queryClient: QueryClient;
let invalidated: unknown[][];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = new QueryClient();
  invalidated = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
    invalidated.push([...(filters?.queryKey ?? [])]);
    return Promise.resolve();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stream() {
  const source = FakeEventSource.last;
  if (!source) throw new Error('No stream was opened.');
  return source;
}

describe('account events', () => {
  it("refresh the account's data once per burst of core's live events", () => {
    const subscription = subscribeToAccountEvents(queryClient, '7');
    expect(stream().url).toBe('/api/accounts/7/events');
    stream().send(JSON.stringify({ kind: 'address', id: '10.0.0.5', subnetId: '3' }));
    stream().send(JSON.stringify({ kind: 'subnet', id: '3' }));
    vi.advanceTimersByTime(eventDebounceMs);
    expect(invalidated).toEqual([['accounts', '7']]);
    subscription.close();
  });

  it('refresh the session too when a user or the account changed', () => {
    const subscription = subscribeToAccountEvents(queryClient, '7');
    stream().send(JSON.stringify({ kind: 'user', id: '2' }));
    vi.advanceTimersByTime(eventDebounceMs);
    expect(invalidated).toEqual([['accounts', '7'], ['me'], ['accounts', 'list']]);
    subscription.close();
  });

  it("ignore a line that is not core's live event (numeric id, unknown kind, not JSON)", () => {
    const subscription = subscribeToAccountEvents(queryClient, '7');
    stream().send(JSON.stringify({ kind: 'subnet', id: 3 }));
    stream().send(JSON.stringify({ kind: 'weather', id: '1' }));
    stream().send('ping');
    vi.advanceTimersByTime(eventDebounceMs);
    expect(invalidated).toEqual([]);
    subscription.close();
  });
});
