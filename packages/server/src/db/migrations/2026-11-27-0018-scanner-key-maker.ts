/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Who made a scanner's current key (issue 36): removing that member from the account ends the key, as
 * it ends their API tokens. Keys made before this migration have no known maker and stay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scanners').addColumn('key_made_by', 'text').execute();
}

/** Undoes `up`. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scanners').dropColumn('key_made_by').execute();
}
