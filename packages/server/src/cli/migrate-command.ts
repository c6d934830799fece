import { existsSync } from 'node:fs';
import { databaseTarget, openDatabase } from '../db/database.js';
import { allMigrationNames, migrateToLatest, pendingMigrations } from '../db/migrate.js';
import { loadConfig } from './cli-database.js';

const usage = 'usage: ipam migrate [--dry-run]\n';

/**
 * `ipam migrate`: applies pending migrations to the configured database and names them. With
 * `--dry-run` it names the migrations it would apply and writes nothing (not even a new SQLite file).
 */
export async function run(args: readonly string[]): Promise<number> {
  const isDryRun = args.includes('--dry-run');
  const unknown = args.filter((arg) => arg !== '--dry-run');
  if (unknown.length > 0) {
    process.stderr.write(`ipam migrate: unknown argument '${unknown[0]}'\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  if (!config) return 1;
  const target = databaseTarget(config);
  if (isDryRun && target.kind === 'sqlite' && !existsSync(target.file)) {
    // Opening it would create it: say what a new database would get instead.
    process.stdout.write(`no database at ${target.file} yet; a new one would get every migration:\n`);
    process.stdout.write(wouldApply(allMigrationNames()));
    return 0;
  }
  const db = openDatabase(target);
  try {
    if (isDryRun) {
      const pending = await pendingMigrations(db);
      process.stdout.write(
        pending.length === 0 ? 'database is up to date: no migration would run\n' : wouldApply(pending),
      );
      return 0;
    }
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

function wouldApply(names: readonly string[]): string {
  return names.map((name) => `would apply ${name}\n`).join('');
}
