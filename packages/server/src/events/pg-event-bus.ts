import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { liveEventSchema } from '@ipam/core/api/live-event';
import type { Db } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import { EventHub, type EventBus } from './event-hub.js';
import type { AccountEvent } from './event-publisher.js';

/** The one PostgreSQL channel all server processes of a database share. */
export const eventChannel = 'ipam_events';

/** What travels in a NOTIFY: the sending process, the account and the event. */
const notification = z.object({
  origin: z.string(),
  accountId: z.string(),
  event: liveEventSchema,
});

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7999;

/** One NOTIFY per payload, in one statement of fixed text (named on each connection). */
const notifyEach = preparedQuery(['channel', 'payloads'], (db, param) =>
  db
    .selectFrom(sql<{ payload: string }>`unnest(${param('payloads')}::text[])`.as('payload'))
    .select(sql<string>`pg_notify(${param('channel')}, payload)`.as('notified')),
);

/** Options of the PostgreSQL event bus. */
export interface PgEventBusOptions {
  /** The DATABASE_URL: the listener needs a connection of its own, outside the pool. */
  url: string;
  /** The application's pool, used for NOTIFY. */
  db: Db;
  /** Where problems are reported (lost listener, failed NOTIFY). */
  warn: (message: string, error?: unknown) => void;
  /** First wait before reconnecting a dropped listener; doubles up to 30 s. */
  reconnectDelayMs?: number;
}

/** An event bus across processes; close it after the app. */
export interface PgEventBus extends EventBus {
  hub: EventHub;
  publishWithin(trx: Db, accountId: string, events: readonly AccountEvent[]): Promise<() => void>;
  onReset(listener: () => void): void;
  /** Whether the listener is connected right now. */
  isListening(): boolean;
  close(): Promise<void>;
}

/** The event in a NOTIFY payload sent by another process, or null (own echo, or not an event). */
function eventFromOtherProcess(payload: string | undefined, origin: string) {
  if (!payload) return null;
  let parsed;
  try {
    parsed = notification.safeParse(JSON.parse(payload));
  } catch {
    return null;
  }
  return parsed.success && parsed.data.origin !== origin ? parsed.data : null;
}

/** A dedicated client LISTENing on the channel (resolves once it listens); `onEnd` hears it drop. */
async function openListener(
  options: PgEventBusOptions,
  onNotification: (message: pg.Notification) => void,
  onEnd: (client: pg.Client) => void,
): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: options.url,
    keepAlive: true,
    // A database that does not answer fails the attempt, and the backoff tries again.
    connectionTimeoutMillis: 10_000,
    application_name: 'ipam-events',
  });
  client.on('notification', onNotification);
  // Errors also end the connection; 'end' schedules the reconnect.
  client.on('error', (error) => options.warn('event listener connection failed', error));
  client.on('end', () => onEnd(client));
  try {
    await client.connect();
    await client.query(`LISTEN ${eventChannel}`);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

/**
 * Events across server processes on one PostgreSQL database: publish delivers to this process's
 * streams at once and sends a NOTIFY; a dedicated client LISTENs and hands what other processes
 * sent to the local streams. A dropped listener reconnects with backoff; events sent meanwhile are
 * missed, so once it is back every local stream is ended (hub reset) and its client reconnects and
 * refetches. Resolves once the listener is connected.
 */
export async function startPgEventBus(options: PgEventBusOptions): Promise<PgEventBus> {
  const hub = new EventHub();
  const origin = randomUUID();
  const firstDelay = options.reconnectDelayMs ?? 1000;
  let client: pg.Client | null = null;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = firstDelay;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== eventChannel) return;
    const sent = eventFromOtherProcess(message.payload, origin);
    if (sent) hub.deliver(sent.accountId, sent.event);
  };
  const onEnd = (ended: pg.Client) => {
    if (client !== ended) return;
    client = null;
    if (!isClosed) scheduleReconnect();
  };
  const connect = async (): Promise<void> => {
    const next = await openListener(options, onNotification, onEnd);
    if (isClosed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = firstDelay;
  };
  const scheduleReconnect = () => {
    options.warn(`event listener lost; reconnecting in ${delay} ms`);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => {
          if (!isClosed) hub.reset();
        },
        (error: unknown) => {
          if (isClosed) return;
          options.warn('event listener reconnect failed', error);
          delay = Math.min(delay * 2, 30_000);
          scheduleReconnect();
        },
      );
    }, delay);
  };

  await connect();

  const payloadOf = (accountId: string, event: AccountEvent) => JSON.stringify({ origin, accountId, event });
  const publish = (accountId: string, event: AccountEvent) => {
    hub.deliver(accountId, event);
    notifyEach(options.db, { channel: eventChannel, payloads: [payloadOf(accountId, event)] }).catch(
      (error: unknown) => options.warn('event NOTIFY failed', error),
    );
  };

  return {
    hub,
    publish,
    // The NOTIFY goes with the change's transaction: no statement of its own after the commit, and
    // PostgreSQL hands it to the listeners at the commit (never for a rollback). This process's
    // streams hear the events when runChange calls the answer, after the commit.
    async publishWithin(trx, accountId, events) {
      const payloads = events.map((event) => payloadOf(accountId, event));
      if (payloads.some((payload) => Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)) {
        // Too long to send (it would fail the change): after the commit, where a failure is only logged.
        return () => events.forEach((event) => publish(accountId, event));
      }
      if (payloads.length > 0) await notifyEach(trx, { channel: eventChannel, payloads });
      return () => events.forEach((event) => hub.deliver(accountId, event));
    },
    subscribe: (accountId, listener) => hub.subscribe(accountId, listener),
    onReset: (listener) => hub.onReset(listener),
    isListening: () => client !== null,
    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
