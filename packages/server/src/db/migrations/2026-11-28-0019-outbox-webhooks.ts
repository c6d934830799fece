/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and see the schema untyped */
import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code and must not change once released.

/**
 * The durable outbox (issue 32): everything sent to another system after a change is a row written
 * in the change's transaction, sent in order per (kind, target) by a worker that leases it; every
 * attempt is logged. And the account's webhooks, the first kind of target.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('outbox')
    // The order of items of one target: a sequence on both engines.
    .addColumn('seq', isPostgres ? 'bigserial' : 'integer', (c) =>
      isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['state', 'next_attempt_at']).execute();
  await db.schema
    .createIndex('outbox_target_idx')
    .on('outbox')
    .columns(['kind', 'target_id', 'state', 'seq'])
    .execute();
  await db.schema
    .createTable('outbox_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('outbox.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_attempts_target_idx')
    .on('outbox_attempts')
    .columns(['kind', 'target_id', 'at'])
    .execute();
  await db.schema.createIndex('outbox_attempts_item_idx').on('outbox_attempts').column('item_id').execute();
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events_json', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('failing_since', 'text')
    .addColumn('disabled_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhooks_account_idx')
    .on('webhooks')
    .columns(['account_id', 'active'])
    .execute();
}

/** Undoes `up`. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhooks').execute();
  await db.schema.dropTable('outbox_attempts').execute();
  await db.schema.dropTable('outbox').execute();
}
