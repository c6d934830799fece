/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * The IPv6 prefix lengths an account may create, when the operator widened them (issue 30:
 * `ipam admin set-tier … --ipv6 32-128`, IPAM_DEFAULT_IPV6_PREFIXES): both null means the tier's
 * default (/104–/124 on paid tiers).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('ipv6_prefix_min', 'integer').execute();
  await db.schema.alterTable('accounts').addColumn('ipv6_prefix_max', 'integer').execute();
}

/** Undoes `up`. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('ipv6_prefix_max').execute();
  await db.schema.alterTable('accounts').dropColumn('ipv6_prefix_min').execute();
}
