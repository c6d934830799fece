import { databaseTarget, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { loadConfig } from './cli-database.js';

/** `ipam migrate`: applies pending migrations to the configured database and names them. */
export async function run(_args: readonly string[]): Promise<number> {
  const config = loadConfig();
  if (!config) return 1;
  const db = openDatabase(databaseTarget(config));
  try {
    const applied = await migrateToLatest(db);
    process.stdout.write(
      applied.length === 0 ? 'database is up to date\n' : applied.map((name) => `applied ${name}\n`).join(''),
    );
    return 0;
  } catch (error) {
    process.stderr.write(`ipam migrate: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}
