import type { Db } from '../db/database.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { queueDueDigests } from './alert-digest.js';
import { sweepStaleAddresses } from './stale-sweep.js';

/** Subscribers whose digests one round writes at most; the rest wait for the next round. */
const DIGESTS_PER_ROUND = 200;

/** What the alert jobs need. */
export interface AlertJobDeps {
  db: Db;
  events: EventPublisher;
  log: { warn(details: object, message: string): void };
  /** Whether the server sends e-mail (SMTP_URL): digests are made only then. */
  canMail: boolean;
  /** The web app's address for links in e-mails. */
  linkBase: string;
  /** The time now (tests fix it). */
  clock?: () => Date;
}

/** The running jobs. */
export interface AlertJobs {
  /** Runs one round now (waits for a round already running first). */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a round in flight. */
  stop(): Promise<void>;
}

/**
 * Every `intervalMs`, and once at start: the stale check (went-stale alerts), then the daily digests
 * that are due. Rounds never overlap in one process; several processes may run them at once (both
 * jobs take each piece of work with a conditional write). A failed round is logged and the next one
 * tries again.
 */
export function startAlertJobs(deps: AlertJobDeps, intervalMs: number): AlertJobs {
  const clock = deps.clock ?? (() => new Date());
  let current: Promise<void> = Promise.resolve();
  let isStopped = false;

  const round = async () => {
    try {
      await sweepStaleAddresses(deps, clock());
      if (deps.canMail) {
        await queueDueDigests(deps.db, { now: clock(), linkBase: deps.linkBase, limit: DIGESTS_PER_ROUND });
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'alert check failed');
    }
  };
  const runNow = () => {
    current = current.then(() => (isStopped ? undefined : round()));
    return current;
  };
  let isRunning = false;
  const tick = () => {
    if (isRunning) return;
    isRunning = true;
    void runNow().finally(() => {
      isRunning = false;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    runNow,
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
