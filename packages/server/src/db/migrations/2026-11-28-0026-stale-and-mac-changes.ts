/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/** The list item's new properties, null for every existing row, as the serialiser writes them. */
const ITEM_TAIL = ',"previousMac":null,"macChangedAt":null}';

/**
 * Stale addresses and MAC changes (issue 33): per subnet the days after which an address no scanner has
 * seen is shown as stale (null: off); per address the MAC it answered with before a scan saw another one,
 * and when (both null once a person has edited the address). The stored list items (`item_json`) gain the
 * two properties, appended as the response serialiser appends them (they are the schema's last).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subnets').addColumn('stale_after_days', 'integer').execute();
  for (const column of ['previous_mac', 'mac_changed_at']) {
    await db.schema.alterTable('ip_addresses').addColumn(column, 'text').execute();
  }
  await sql`update ip_addresses
    set item_json = substr(item_json, 1, length(item_json) - 1) || ${ITEM_TAIL}`.execute(db);
}

/** Drops the columns and the items' tail. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`update ip_addresses
    set item_json = substr(item_json, 1, length(item_json) - ${ITEM_TAIL.length}) || '}'`.execute(db);
  for (const column of ['previous_mac', 'mac_changed_at']) {
    await db.schema.alterTable('ip_addresses').dropColumn(column).execute();
  }
  await db.schema.alterTable('subnets').dropColumn('stale_after_days').execute();
}
