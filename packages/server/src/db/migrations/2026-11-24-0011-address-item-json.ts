/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/** The columns of ip_addresses as 2026-11-22-0002-ipam made them, in order. */
const COLUMNS = [
  'id',
  'account_id',
  'subnet_id',
  'ip_address',
  'sort_key',
  'status',
  'hostname',
  'description',
  'hostname_folded',
  'description_folded',
  'allow_scanner_update',
  'updated_date',
  'updated_by',
];

/**
 * The address item as the API answers it (core's addressResponse, properties in that order: id,
 * ipAddress, status, hostname, description, allowScannerUpdate, updatedDate, updatedBy), written by
 * SQLite's json_object.
 */
const SQLITE_ITEM = `json_object('id', "id", 'ipAddress', "ip_address", 'status', "status",
  'hostname', "hostname", 'description', "description",
  'allowScannerUpdate', json(case when "allow_scanner_update" = 1 then 'true' else 'false' end),
  'updatedDate', "updated_date", 'updatedBy', "updated_by")`;

/**
 * The same item on PostgreSQL, concatenated (json_build_object writes spaces around every colon), each
 * text through `ipam_json_text`: a JSON string, or null.
 */
const POSTGRES_ITEM = `'{"id":' || ipam_json_text("id")
  || ',"ipAddress":' || ipam_json_text("ip_address")
  || ',"status":' || ipam_json_text("status")
  || ',"hostname":' || ipam_json_text("hostname")
  || ',"description":' || ipam_json_text("description")
  || ',"allowScannerUpdate":' || (case when "allow_scanner_update" = 1 then 'true' else 'false' end)
  || ',"updatedDate":' || ipam_json_text("updated_date")
  || ',"updatedBy":' || ipam_json_text("updated_by")
  || '}'`;

/**
 * Each written address keeps its list item's JSON in a generated column, `item_json`, which the engine
 * computes on every insert and update: a page of the address list reads 100 ready texts instead of
 * building 100 objects of 8 columns each, which was most of the list route's database time. SQLite
 * cannot add a stored generated column to a table, so the table is rebuilt (in one transaction).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // to_json is STABLE in general (some types print by settings); for text it depends on nothing.
    await sql`create function ipam_json_text(value text) returns text
      language sql immutable parallel safe
      as $$ select coalesce(to_json(value)::text, 'null') $$`.execute(db);
    await sql`alter table ip_addresses add column item_json text
      generated always as (${sql.raw(POSTGRES_ITEM)}) stored`.execute(db);
    return;
  }
  const columns = sql.raw(COLUMNS.map((column) => `"${column}"`).join(', '));
  // The rebuild must be whole: the migrator's transaction holds it (it runs every migration in one since
  // the SQLite adapter reports transactional DDL); one of its own where none is open.
  const rebuild = async (trx: Kysely<any>) => {
    await sql`create table "ip_addresses_rebuilt" (
      "id" text primary key,
      "account_id" text not null references "accounts" ("id") on delete cascade,
      "subnet_id" text not null references "subnets" ("id"),
      "ip_address" text not null,
      "sort_key" text not null,
      "status" text not null,
      "hostname" text not null,
      "description" text not null,
      "hostname_folded" text not null,
      "description_folded" text not null,
      "allow_scanner_update" integer not null,
      "updated_date" text,
      "updated_by" text,
      "item_json" text generated always as (${sql.raw(SQLITE_ITEM)}) stored,
      constraint "ip_addresses_subnet_key_uq" unique ("subnet_id", "sort_key"))`.execute(trx);
    await sql`insert into "ip_addresses_rebuilt" (${columns}) select ${columns} from "ip_addresses"`.execute(
      trx,
    );
    await sql`drop table "ip_addresses"`.execute(trx);
    await sql`alter table "ip_addresses_rebuilt" rename to "ip_addresses"`.execute(trx);
    await trx.schema
      .createIndex('ip_addresses_subnet_status_key_idx')
      .on('ip_addresses')
      .columns(['subnet_id', 'status', 'sort_key'])
      .execute();
  };
  await (db.isTransaction ? rebuild(db) : db.transaction().execute(rebuild));
}

/** Drops the column (and on PostgreSQL its function); SQLite 3.35+ drops a stored generated column. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ip_addresses').dropColumn('item_json').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function ipam_json_text(text)`.execute(db);
  }
}
