import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { isPostgres, type Db } from '../db/database.js';
import { withDatabase, type Write } from './cli-database.js';

/** `ipam backup <file>`: a consistent copy of the SQLite database, safe while the server runs. */
export async function run(args: readonly string[]): Promise<number> {
  return withDatabase((db) =>
    backupDatabase(
      db,
      args,
      (text) => process.stdout.write(text),
      (text) => process.stderr.write(text),
    ),
  );
}

/** Writes the backup with SQLite's VACUUM INTO (a transactionally consistent, compacted copy). */
export async function backupDatabase(
  db: Db,
  args: readonly string[],
  out: Write,
  err: Write,
): Promise<number> {
  const [file] = args;
  if (!file) {
    err('usage: ipam backup <file>\n');
    return 2;
  }
  if (isPostgres(db)) {
    err(
      'ipam backup: the database is PostgreSQL; back it up with pg_dump (e.g. pg_dump -Fc "$DATABASE_URL" > ipam.dump)\n',
    );
    return 1;
  }
  const target = resolve(file);
  if (existsSync(target)) {
    err(`ipam backup: ${target} already exists; choose a new file\n`);
    return 1;
  }
  await sql`vacuum into ${target}`.execute(db);
  out(`backup written to ${target}\n`);
  return 0;
}
