import { type LiveEvent, liveEventSchema } from '@ipam/core/api/live-event';
import { eventRoutes } from '@ipam/core/api/routes/events';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { signalAlerts } from './alerts.js';
import { apiUrl } from './api-client.js';
import { everything, invalidateTargets, refreshTargets } from './live-refresh.js';
import { forgetOwnChanges, isOwnChange } from './own-changes.js';
import { queryKeys } from './query-keys.js';

/** A burst of events (a scan, a bulk edit) is answered with one refetch after this pause. */
export const eventDebounceMs = 200;
/** Retry delays when the browser gave up on the stream (an error answer rather than a lost connection). */
const retryDelaysMs = [2_000, 5_000, 15_000, 30_000];

/**
 * Keeps the cached data of the current account fresh: holds the account's event stream
 * (`GET /api/accounts/:id/events`, Server-Sent Events with the session cookie) and invalidates the
 * queries each event's kind touches (live-refresh.ts), once per burst; an event of a change this
 * browser made itself was already refreshed for by its mutation (own-changes.ts). After a reconnect
 * (a server restart) everything of the account is refreshed, since events may have been missed
 * meanwhile. The stream closes when the account changes or the layout unmounts (logout).
 */
export function useAccountEvents(accountId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (accountId === undefined || typeof EventSource === 'undefined') return;
    const subscription = subscribeToAccountEvents(queryClient, accountId);
    return () => subscription.close();
  }, [queryClient, accountId]);
}

/** Opens the stream and wires it to the query cache; `close()` ends it and any pending work. */
export function subscribeToAccountEvents(queryClient: QueryClient, accountId: string): { close: () => void } {
  const url = apiUrl(eventRoutes.stream, { params: { accountId } });
  let source: EventSource | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retries = 0;
  let hasConnectedBefore = false;
  let isReconnected = false;
  let pending: LiveEvent[] = [];
  let isClosed = false;

  function flush() {
    flushTimer = undefined;
    const events = pending;
    pending = [];
    if (isReconnected) {
      isReconnected = false;
      forgetOwnChanges(queryClient);
      void invalidateTargets(queryClient, everything(accountId));
      return;
    }
    // New alerts are news for the person watching, whoever caused them (alert-toasts.tsx shows them).
    if (events.some((event) => event.kind === 'alert')) signalAlerts(accountId);
    // Checked now rather than on arrival: the answer of this browser's own change may come just after its event.
    const others = events.filter((event) => !isOwnChange(queryClient, accountId, event));
    void invalidateTargets(queryClient, refreshTargets(accountId, others));
  }

  /** Leading pause, no reset: events keep arriving, yet the page refreshes at least every pause. */
  function scheduleFlush() {
    flushTimer ??= setTimeout(flush, eventDebounceMs);
  }

  function connect() {
    source = new EventSource(url);
    source.onopen = () => {
      retries = 0;
      // The first open needs nothing: the page just loaded its data. Later ones may have missed events.
      if (hasConnectedBefore) {
        isReconnected = true;
        scheduleFlush();
      }
      hasConnectedBefore = true;
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseEvent(message.data);
      if (!event) return;
      pending.push(event);
      scheduleFlush();
    };
    source.onerror = () => {
      // While CONNECTING the browser retries by itself (server restarting, network gone). CLOSED means
      // it gave up: an error answer, e.g. 401 after a logout elsewhere or 404 after being removed.
      if (source?.readyState !== EventSource.CLOSED) return;
      source.close();
      // The session check tells the app whether the user is still signed in and still a member.
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      const delay = retryDelaysMs[Math.min(retries, retryDelaysMs.length - 1)];
      retries += 1;
      retryTimer = setTimeout(() => {
        if (!isClosed) connect();
      }, delay);
    };
  }

  connect();
  return {
    close: () => {
      isClosed = true;
      clearTimeout(flushTimer);
      clearTimeout(retryTimer);
      source?.close();
    },
  };
}

/** Core's live event, or undefined for a line that is not one. */
function parseEvent(data: string): LiveEvent | undefined {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
