import type { WebhookEventType } from '@ipam/core/schemas/webhook-schemas';
import { isWebhookEventType } from '@ipam/core/schemas/webhook-schemas';
import type { Db } from '../db/database.js';

/** A stored webhook (its secret included: only the sender and the create answer read it). */
export interface WebhookRecord {
  id: string;
  accountId: string;
  url: string;
  events: WebhookEventType[];
  isActive: boolean;
  secret: string;
  createdAt: string;
  updatedAt: string;
  failingSince: string | null;
  disabledAt: string | null;
}

interface WebhookRow {
  id: string;
  account_id: string;
  url: string;
  events_json: string;
  active: number;
  secret: string;
  created_at: string;
  updated_at: string;
  failing_since: string | null;
  disabled_at: string | null;
}

/** The events a webhook subscribes to, from its stored `events_json` (unknown names left out). */
export function subscribedEventsOf(json: string): WebhookEventType[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed)
    ? parsed.filter((item): item is WebhookEventType => isWebhookEventType(String(item)))
    : [];
}

function recordOf(row: WebhookRow): WebhookRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    events: subscribedEventsOf(row.events_json),
    isActive: Number(row.active) === 1,
    secret: row.secret,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    failingSince: row.failing_since,
    disabledAt: row.disabled_at,
  };
}

/** Inserts a webhook. */
export async function insertWebhook(db: Db, webhook: WebhookRecord): Promise<void> {
  await db
    .insertInto('webhooks')
    .values({
      id: webhook.id,
      account_id: webhook.accountId,
      url: webhook.url,
      events_json: JSON.stringify(webhook.events),
      active: webhook.isActive ? 1 : 0,
      secret: webhook.secret,
      created_at: webhook.createdAt,
      updated_at: webhook.updatedAt,
      failing_since: null,
      disabled_at: null,
    })
    .execute();
}

/** The account's webhooks, oldest first. */
export async function listWebhooks(db: Db, accountId: string): Promise<WebhookRecord[]> {
  const rows = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(recordOf);
}

/** How many webhooks the account holds. */
export async function countWebhooks(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One webhook of the account, or undefined (another account's too). */
export async function findWebhook(db: Db, accountId: string, id: string): Promise<WebhookRecord | undefined> {
  const row = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? recordOf(row) : undefined;
}

/** A webhook by id alone (the sender: the outbox item already names its account). */
export async function findWebhookById(db: Db, id: string): Promise<WebhookRecord | undefined> {
  const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? recordOf(row) : undefined;
}

/** Writes a webhook's URL, events and active flag (turning it on clears the failure record). */
export async function updateWebhook(db: Db, webhook: WebhookRecord): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({
      url: webhook.url,
      events_json: JSON.stringify(webhook.events),
      active: webhook.isActive ? 1 : 0,
      updated_at: webhook.updatedAt,
      failing_since: webhook.failingSince,
      disabled_at: webhook.disabledAt,
    })
    .where('account_id', '=', webhook.accountId)
    .where('id', '=', webhook.id)
    .execute();
}

/** Deletes a webhook of the account; whether there was one. */
export async function deleteWebhook(db: Db, accountId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhooks')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Notes a failed delivery: the failure streak starts now unless it already has; its start. */
export async function recordWebhookFailure(db: Db, id: string, at: string): Promise<string | null> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: at })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
  const row = await db.selectFrom('webhooks').select('failing_since').where('id', '=', id).executeTakeFirst();
  return row?.failing_since ?? null;
}

/** Notes a delivered event: the failure streak ends. */
export async function recordWebhookSuccess(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/** Turns a webhook off for failing too long; whether this call did it. */
export async function disableFailingWebhook(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ active: 0, disabled_at: at })
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
