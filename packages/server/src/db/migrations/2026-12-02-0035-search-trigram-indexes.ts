/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Search by substring without reading every row (issue 35: a hostname searched on an account of a
 * million addresses read all 1.2 GB of them, 0.7 s): on PostgreSQL, trigram indexes (the pg_trgm
 * extension, shipped with Debian's postgresql package, `postgresql-contrib` elsewhere; creating it
 * needs the database's owner) serve `LIKE '%text%'` for texts of three characters or more:
 * - addresses by their address text, folded hostname and folded description;
 * - subnets by name key, folded description and network text (`10.0.0.0/24`).
 * SQLite has no such index: its searches still read the rows (docs/decisions.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index ip_addresses_text_trgm_idx on ip_addresses using gin
    (ip_address gin_trgm_ops, hostname_folded gin_trgm_ops, description_folded gin_trgm_ops)`.execute(db);
  await sql`create index subnets_text_trgm_idx on subnets using gin
    (name_key gin_trgm_ops, description_folded gin_trgm_ops,
     (network_ip || '/' || cast(prefix_length as text)) gin_trgm_ops)`.execute(db);
}

/** Drops the two indexes (the extension stays: others may use it). */
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists subnets_text_trgm_idx`.execute(db);
  await sql`drop index if exists ip_addresses_text_trgm_idx`.execute(db);
}
