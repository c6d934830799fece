import type { Db } from '../db/database.js';
import { pingDatabase } from './database-probe-repository.js';

/** How long the health check waits for the database: a load balancer's probe usually allows 5 s. */
export const HEALTH_TIMEOUT_MS = 2000;

/** The database's answer to the health check: it answered, or why not (for the log only). */
export type DatabaseHealth = { isAnswering: true } | { isAnswering: false; reason: string };

/**
 * Whether the database answers within `timeoutMs`. A database that hangs (a network cut, a full
 * connection pool) counts as not answering; the ping left waiting ends on its own later.
 */
export async function checkDatabase(db: Db, timeoutMs = HEALTH_TIMEOUT_MS): Promise<DatabaseHealth> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<DatabaseHealth>((resolve) => {
    timer = setTimeout(
      () => resolve({ isAnswering: false, reason: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  const answered = pingDatabase(db).then(
    (): DatabaseHealth => ({ isAnswering: true }),
    (error: unknown): DatabaseHealth => ({
      isAnswering: false,
      reason: error instanceof Error ? error.message : String(error),
    }),
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
