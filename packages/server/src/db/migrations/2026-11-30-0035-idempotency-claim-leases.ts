/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * Idempotency claims that outlive no server (issue 35): the claiming request's token, the lease its
 * process renews while the request runs, and when its write committed (in the write's own
 * transaction). A claim whose lease ran out and whose write never committed is taken over; a write
 * made under a claim that was taken over rolls back. Rows from before keep nulls (10-minute rule).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('claim_token', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('committed_at', 'text').execute();
}

/** Drops the three columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('committed_at').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('lease_until').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('claim_token').execute();
}
