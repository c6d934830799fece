import { Migrator, type MigrationResult, type MigrationResultSet } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/all-migrations.js';

/** Applies every pending migration; returns the names applied now. Throws on the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrateWith(db, (migrator) => migrator.migrateToLatest());
}

/** Applies the pending migrations up to and including `name` (tests of an upgrade start there). */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`no migration named ${name}`);
  return migrateWith(db, (migrator) => migrator.migrateTo(name));
}

async function migrateWith(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await run(migrator);
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error');
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, {
      cause,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
