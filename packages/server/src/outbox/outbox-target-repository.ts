import type { WebhookEventType } from '@ipam/core/schemas/webhook-schemas';
import type { Db } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import { subscribedEventsOf } from '../webhooks/webhook-repository.js';

/** Where a change's outbox items can go: the account's active webhooks (by id) and whether it syncs DNS. */
export interface OutboxTargets {
  webhooks: { id: string; events: WebhookEventType[] }[];
  hasDnsSettings: boolean;
}

// One row per active webhook (one row with none when there is none), each saying whether DNS settings
// exist: one statement for what every address change asks of both.
const targetsOfAccount = preparedQuery(['accountId'], (db, param) =>
  db
    .selectFrom('accounts')
    .leftJoin('webhooks', (join) =>
      join.onRef('webhooks.account_id', '=', 'accounts.id').on('webhooks.active', '=', 1),
    )
    .select(['webhooks.id', 'webhooks.events_json'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('dns_settings')
            .select('dns_settings.id')
            .whereRef('dns_settings.account_id', '=', 'accounts.id'),
        )
        .as('has_dns'),
    )
    .where('accounts.id', '=', param('accountId'))
    .orderBy('webhooks.id'),
);

/** The account's outbox targets, in one query (a change's producers share it: writeChangeOutbox). */
export async function readOutboxTargets(db: Db, accountId: string): Promise<OutboxTargets> {
  const rows = await targetsOfAccount(db, { accountId });
  const webhooks: OutboxTargets['webhooks'] = [];
  for (const row of rows) {
    if (row.id !== null && row.events_json !== null) {
      webhooks.push({ id: row.id, events: subscribedEventsOf(row.events_json) });
    }
  }
  // SQLite answers EXISTS as 0 or 1, PostgreSQL as a boolean.
  const hasDnsSettings = rows.some((row) => row.has_dns === true || Number(row.has_dns) === 1);
  return { webhooks, hasDnsSettings };
}
