import { isPostgres, type Db } from '../db/database.js';
import { addCount, clearCount, readCounts, type CounterValue } from './rate-counter-repository.js';

/** Counters of attempts in fixed windows, by key. */
export interface AttemptCounters {
  /** Adds one to the key's counter (a new window when the last one ended); answers the new count. */
  add(key: string): Promise<CounterValue>;
  /** The keys' current counts (0 when missing or expired). */
  read(keys: readonly string[]): Promise<CounterValue[]>;
  /** Forgets the key's counter. */
  clear(key: string): Promise<void>;
}

/** Most counters one process keeps in memory: about 100 bytes each, so at most ~10 MB. */
export const MAX_COUNTERS_IN_MEMORY = 100_000;

/**
 * Counters in this process's memory, bounded: past `maxKeys` the least recently used counter is
 * dropped (a Map keeps insertion order; a touched key moves to the end). For one process (SQLite).
 */
export function memoryCounters(windowMs: number, maxKeys = MAX_COUNTERS_IN_MEMORY, clock = Date.now) {
  const counters = new Map<string, CounterValue>();
  const current = (key: string): CounterValue | undefined => {
    const entry = counters.get(key);
    if (entry && entry.windowEndsAt <= clock()) counters.delete(key);
    return entry && entry.windowEndsAt > clock() ? entry : undefined;
  };
  return {
    size: () => counters.size,
    async add(key: string): Promise<CounterValue> {
      const existing = current(key);
      const next = existing
        ? { count: existing.count + 1, windowEndsAt: existing.windowEndsAt }
        : { count: 1, windowEndsAt: clock() + windowMs };
      counters.delete(key);
      counters.set(key, next);
      if (counters.size > maxKeys) {
        const oldest = counters.keys().next();
        if (!oldest.done) counters.delete(oldest.value);
      }
      return next;
    },
    async read(keys: readonly string[]): Promise<CounterValue[]> {
      return keys.map((key) => current(key) ?? { count: 0, windowEndsAt: 0 });
    },
    async clear(key: string): Promise<void> {
      counters.delete(key);
    },
  } satisfies AttemptCounters & { size(): number };
}

/** Counters in the database, shared by every server process on it (PostgreSQL behind a load balancer). */
export function databaseCounters(db: Db, windowMs: number, clock = Date.now): AttemptCounters {
  return {
    add: (key) => addCount(db, key, clock(), windowMs),
    read: (keys) => readCounts(db, keys, clock()),
    clear: (key) => clearCount(db, key),
  };
}

/**
 * Counters every server process on `db` shares: the database's on PostgreSQL (any number of processes
 * behind a load balancer), this process's memory on SQLite (which one process serves).
 */
export function sharedCounters(db: Db, windowMs: number): AttemptCounters {
  return isPostgres(db) ? databaseCounters(db, windowMs) : memoryCounters(windowMs);
}
