import { Migrator, type MigrationResult } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/all-migrations.js';

/** Applies every pending migration; returns the names applied now. Throws on the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error');
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, {
      cause,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
