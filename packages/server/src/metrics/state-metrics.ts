import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { MAIL_OUTBOX_KIND } from '../alerts/alert-digest.js';
import { connectionUseOf, isPostgres, type Db } from '../db/database.js';
import { DNS_KIND } from '../dns/dns-producer.js';
import { countPendingItems } from '../outbox/outbox-repository.js';
import { WEBHOOK_KIND } from '../webhooks/webhook-producer.js';

/** The outbox's kinds, reported as 0 when none waits (an absent series would read as "unknown"). */
const outboxKinds = [WEBHOOK_KIND, DNS_KIND, MAIL_OUTBOX_KIND];

/** What the gauges read at each scrape. */
export interface StateSources {
  db: Db;
  /** Live event streams open in this process. */
  openStreams: () => number;
  log: FastifyBaseLogger;
}

/**
 * Gauges read when Prometheus scrapes: this process's open event streams and database connections,
 * and the outbox's pending items (a count in the database, shared by every process).
 */
export function registerStateGauges(registry: Registry, { db, openStreams, log }: StateSources): void {
  const registers = [registry];
  new Gauge({
    name: 'ipam_event_streams_open',
    help: 'Live event streams (Server-Sent Events) open in this process',
    registers,
    collect() {
      this.set(openStreams());
    },
  });
  const engine = isPostgres(db) ? 'postgres' : 'sqlite';
  const connections = (name: string, help: string, read: (use: ConnectionUse) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['engine'] as const,
      registers,
      collect() {
        const use = connectionUseOf(db);
        if (use) this.set({ engine }, read(use));
      },
    });
  connections(
    'ipam_db_connections',
    'Database connections this process holds open (SQLite: its write and read connections)',
    (use) => use.total,
  );
  connections('ipam_db_connections_idle', 'Open database connections not in use', (use) => use.idle);
  connections(
    'ipam_db_connection_waits',
    'Queries waiting for a database connection (SQLite: writes waiting for the write connection)',
    (use) => use.waiting,
  );
  new Gauge({
    name: 'ipam_outbox_pending_items',
    help: 'Outbox items (webhook deliveries, DNS updates, e-mails) waiting to be sent, by kind',
    labelNames: ['kind'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        const pending = await countPendingItems(db);
        for (const kind of outboxKinds) this.set({ kind }, 0);
        for (const { kind, count } of pending) this.set({ kind }, count);
      } catch (error) {
        // The scrape still answers (the health check says the database is down); the gauge is empty.
        log.warn({ err: error }, 'metrics: the outbox could not be counted');
      }
    },
  });
}

type ConnectionUse = NonNullable<ReturnType<typeof connectionUseOf>>;
