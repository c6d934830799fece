import { type LiveEvent, type LiveEventKind, liveEventSchema } from '@ipam/core/api/live-event';
import { eventRoutes } from '@ipam/core/api/routes/events';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiUrl } from './api-client.js';
import { queryKeys } from './query-keys.js';

/** A burst of events (a scan, a bulk edit) is answered with one refetch after this pause. */
export const eventDebounceMs = 200;
/** Retry delays when the browser gave up on the stream (an error answer rather than a lost connection). */
const retryDelaysMs = [2_000, 5_000, 15_000, 30_000];

/** Kinds that change the session's own answer (the user's accounts, their limits). */
const sessionKinds: ReadonlySet<LiveEventKind> = new Set(['user', 'account']);

/**
 * Keeps the cached data of the current account fresh: holds the account's event stream
 * (`GET /api/accounts/:id/events`, Server-Sent Events with the session cookie) and invalidates
 * every query under `['accounts', accountId]` when something changed. After a reconnect (a server
 * restart) everything of the account is refreshed, since events may have been missed meanwhile.
 * The stream closes when the account changes or the layout unmounts (logout).
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
  let touchesSession = false;
  let isClosed = false;

  function flush() {
    flushTimer = undefined;
    void queryClient.invalidateQueries({ queryKey: queryKeys.account(accountId) });
    if (touchesSession) {
      touchesSession = false;
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
    }
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
        touchesSession = true;
        scheduleFlush();
      }
      hasConnectedBefore = true;
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseEvent(message.data);
      if (!event) return;
      if (sessionKinds.has(event.kind)) touchesSession = true;
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
