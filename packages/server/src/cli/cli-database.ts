import { ConfigError, parseConfig, type Config } from '../config/env.js';
import { databaseTarget, openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** Where a command writes its normal output (stdout) — swapped in tests. */
export type Write = (text: string) => void;

/** Parses the environment; prints every bad variable and returns null when it is invalid. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config | null {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`ipam: ${error.message}\n`);
      return null;
    }
    throw error;
  }
}

/**
 * Runs `work` on the configured database (the same data folder or DATABASE_URL the server uses),
 * migrated to the latest version, and closes it afterwards. Returns the exit status.
 */
export async function withDatabase(work: (db: Db, config: Config) => Promise<number>): Promise<number> {
  const config = loadConfig();
  if (!config) return 1;
  const db = openDatabase(databaseTarget(config));
  try {
    await migrateToLatest(db);
    return await work(db, config);
  } finally {
    await db.destroy();
  }
}
