import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { DeliveryOutcome, OutboxHandler, OutboxItem } from './outbox-item.js';
import { claimDueItems, deleteFinishedItems, settleAttempt, type Settlement } from './outbox-repository.js';
import { onOutboxWake } from './outbox-wake.js';
import { retryDelayMs } from './retry-delay.js';

/** How the worker paces itself (config/env.ts: OUTBOX_* and WEBHOOK_TIMEOUT_SECONDS). */
export interface OutboxTiming {
  /** How often to look for due items when not woken. */
  pollMs: number;
  /** The longest one attempt may take (the handler's signal aborts then). */
  attemptTimeoutMs: number;
  /** The first retry's delay; each further one doubles, with jitter, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** An item still failing this long after it was written is given up. */
  giveUpAfterMs: number;
  /** Finished items (and their attempt log) are kept this long. */
  keepFinishedMs: number;
}

/** Where the worker reports problems (a pino logger fits). */
export interface OutboxLog {
  warn(details: object, message: string): void;
}

/** A running outbox worker. */
export interface OutboxWorker {
  /** The lease owner name of this worker (unique per process start). */
  readonly owner: string;
  /** Looks for due items now (also done on every in-process wake). */
  wake(): void;
  /** Stops claiming, waits for the attempts in flight to settle. */
  stop(): Promise<void>;
}

/** Items leased per round; each is the head of a different target, so they are sent side by side. */
const BATCH = 20;

/** Keeps the first 1 KB of an answer for the log. */
function excerpt(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return text.length > 1024 ? text.slice(0, 1024) : text;
}

/**
 * Starts the worker that sends outbox items with the handler of their kind: it leases due items,
 * delivers them with a timeout, logs every attempt, retries failures with exponential back-off and
 * jitter until `giveUpAfterMs` after the item was written, and then gives up (telling the handler).
 */
export function startOutboxWorker(
  db: Db,
  handlers: readonly OutboxHandler[],
  timing: OutboxTiming,
  log: OutboxLog,
): OutboxWorker {
  const owner = `${process.pid}-${randomUUID()}`;
  const byKind = new Map(handlers.map((handler) => [handler.kind, handler]));
  let isStopped = false;
  let isRunning = false;
  let isWokenWhileRunning = false;
  let current: Promise<void> = Promise.resolve();
  let lastCleanup = 0;

  const attemptOne = async (item: OutboxItem): Promise<void> => {
    const handler = byKind.get(item.kind);
    const startedAt = Date.now();
    let outcome: DeliveryOutcome;
    if (!handler) {
      outcome = { isDelivered: false, error: `no handler for kind ${item.kind}` };
    } else {
      try {
        outcome = await handler.deliver(item, AbortSignal.timeout(timing.attemptTimeoutMs));
      } catch (error) {
        outcome = { isDelivered: false, error: error instanceof Error ? error.message : String(error) };
      }
    }
    const finishedAt = Date.now();
    const isExpired = finishedAt - Date.parse(item.createdAt) >= timing.giveUpAfterMs;
    const settlement: Settlement = outcome.isDelivered
      ? { state: 'delivered' }
      : outcome.isPermanent || isExpired
        ? { state: 'failed' }
        : {
            state: 'pending',
            nextAttemptAt: new Date(
              finishedAt + retryDelayMs(item.attempt, timing.retryBaseMs, timing.retryMaxMs),
            ).toISOString(),
          };
    const isSettled = await settleAttempt(
      db,
      item,
      owner,
      {
        at: new Date(startedAt).toISOString(),
        status: outcome.status ?? null,
        durationMs: finishedAt - startedAt,
        responseExcerpt: excerpt(outcome.responseExcerpt),
        error: outcome.error ?? null,
      },
      settlement,
    );
    if (isSettled && settlement.state === 'failed') {
      await handler?.gaveUp?.(item, outcome.isPermanent ? 'permanent' : 'expired', db);
    }
  };

  const round = async (): Promise<number> => {
    const now = Date.now();
    const items = await claimDueItems(db, {
      owner,
      now: new Date(now).toISOString(),
      // Long enough for the attempt and its settling; a crashed process's lease runs out after this.
      leaseUntil: new Date(now + timing.attemptTimeoutMs * 2 + 5000).toISOString(),
      limit: BATCH,
    });
    await Promise.all(
      items.map((item) =>
        attemptOne(item).catch((error: unknown) =>
          log.warn({ err: error, item: item.id }, 'outbox attempt failed'),
        ),
      ),
    );
    if (now - lastCleanup > 60 * 60 * 1000) {
      lastCleanup = now;
      await deleteFinishedItems(db, new Date(now - timing.keepFinishedMs).toISOString());
    }
    return items.length;
  };

  const run = async (): Promise<void> => {
    if (isRunning || isStopped) {
      isWokenWhileRunning = true;
      return;
    }
    isRunning = true;
    try {
      do {
        isWokenWhileRunning = false;
        // A full batch may have more behind it; a woken round may have missed a commit.
      } while (!isStopped && ((await round()) > 0 || isWokenWhileRunning));
    } catch (error) {
      log.warn({ err: error }, 'outbox round failed');
    } finally {
      isRunning = false;
    }
  };

  const kick = () => {
    if (isRunning) {
      isWokenWhileRunning = true;
      return;
    }
    current = run();
  };
  const timer = setInterval(kick, timing.pollMs);
  timer.unref();
  const unsubscribe = onOutboxWake(kick);
  kick();

  return {
    owner,
    wake: kick,
    async stop() {
      isStopped = true;
      clearInterval(timer);
      unsubscribe();
      await current;
    },
  };
}
