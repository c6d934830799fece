import { existsSync } from 'node:fs';
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
 * migrated to the latest version, and closes it afterwards. Returns the exit status. With
 * `existing`, a missing SQLite file stops the command with a message naming the path, instead of
 * creating an empty database (an operator in the wrong folder would otherwise change nothing).
 */
export async function withDatabase(
  work: (db: Db, config: Config) => Promise<number>,
  options: { existing?: string } = {},
): Promise<number> {
  const config = loadConfig();
  if (!config) return 1;
  const target = databaseTarget(config);
  if (options.existing && target.kind === 'sqlite' && !existsSync(target.file)) {
    process.stderr.write(
      `${options.existing}: no database at ${target.file}\n` +
        `Set IPAM_DATA_DIR to the server's data folder (or DATABASE_URL for PostgreSQL).\n`,
    );
    return 1;
  }
  const db = openDatabase(target);
  try {
    await migrateToLatest(db);
    return await work(db, config);
  } finally {
    await db.destroy();
  }
}
