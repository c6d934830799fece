import { Migrator, type Migration, type MigrationResult, type MigrationResultSet } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/all-migrations.js';

/** Migrations by name; they run in the order of their names. */
export type MigrationSet = Readonly<Record<string, Migration>>;

/**
 * Applies every pending migration of `set` (the application's by default); returns the names applied
 * now. Throws on the first failure, which leaves the database as it was: on both engines the pending
 * migrations run in one transaction (docs/decisions.md, "Migrations are all or nothing").
 */
export async function migrateToLatest(db: Db, set: MigrationSet = migrations): Promise<string[]> {
  return migrateWith(db, set, (migrator) => migrator.migrateToLatest());
}

/** Applies the pending migrations up to and including `name` (tests of an upgrade start there). */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`no migration named ${name}`);
  return migrateWith(db, migrations, (migrator) => migrator.migrateTo(name));
}

/** The names of the migrations `migrateToLatest` would apply, in order; reads only, writes nothing. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = await migratorOf(db, migrations).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/** Every migration of the application, in the order they run (what a new, empty database gets). */
export function allMigrationNames(): string[] {
  return Object.keys(migrations).sort();
}

function migratorOf(db: Db, set: MigrationSet): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => set } });
}

async function migrateWith(
  db: Db,
  set: MigrationSet,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const { error, results } = await run(migratorOf(db, set));
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error');
    const cause = error instanceof Error ? error : new Error(String(error));
    // The run was one transaction: the migrations it applied before the failure are undone with it.
    const name = failed?.migrationName ?? '(unknown)';
    throw new Error(`migration ${name} failed, so this run applied none: ${cause.message}`, { cause });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
