/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/** The columns of ip_addresses as 2026-11-24-0011-address-item-json left them, in order. */
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
  'item_json',
];

/**
 * `item_json` stops being computed by the database: the address write repository writes it from the
 * API's own serialiser, so the list item has one home (code) instead of a JSON writer in each SQL
 * dialect. The values already stored are kept as they are (they are the same text). PostgreSQL drops
 * the column's expression in place; SQLite cannot, so the table is rebuilt (in one transaction).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table ip_addresses alter column item_json drop expression`.execute(db);
    await sql`alter table ip_addresses alter column item_json set not null`.execute(db);
    await sql`drop function ipam_json_text(text)`.execute(db);
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
      "item_json" text not null,
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

/**
 * Back to 0011's objects, not its behaviour: the column stays plain text (the code that reads it is
 * gone with this version), and PostgreSQL gets back the function 0011's own `down` drops.
 */
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function ipam_json_text(value text) returns text
      language sql immutable parallel safe
      as $$ select coalesce(to_json(value)::text, 'null') $$`.execute(db);
  }
}
