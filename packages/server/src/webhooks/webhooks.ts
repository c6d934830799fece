import { randomUUID } from 'node:crypto';
import type { Webhook, WebhookDelivery, WebhookWithSecret } from '@ipam/core/api/webhook';
import { messages } from '@ipam/core/messages';
import {
  MAX_WEBHOOKS_PER_ACCOUNT,
  WEBHOOK_TEST_EVENT,
  type WebhookCreateInput,
  type WebhookUpdateInput,
} from '@ipam/core/schemas/webhook-schemas';
import { runChange, type UserChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { deleteItemsOfTarget, findItemOfTarget, listItemsOfTarget } from '../outbox/outbox-repository.js';
import type { ListedOutboxItem } from '../outbox/outbox-repository.js';
import type { OutboxItemInput } from '../outbox/outbox-item.js';
import { urlProblem, type OutboundPolicy } from './safe-post.js';
import {
  countWebhooks,
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhooks,
  updateWebhook,
  type WebhookRecord,
} from './webhook-repository.js';
import { WEBHOOK_KIND, webhookItem, type WebhookBody } from './webhook-producer.js';
import { generateWebhookSecret } from './webhook-signature.js';

/** Deliveries the log lists. */
const DELIVERY_LOG_LENGTH = 100;

function webhookView(webhook: WebhookRecord): Webhook {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    active: webhook.isActive,
    createdAt: webhook.createdAt,
    updatedAt: webhook.updatedAt,
    failingSince: webhook.failingSince,
    disabledAt: webhook.disabledAt,
  };
}

function eventIdOf(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || !('id' in payload)) return '';
  return String(payload.id);
}

function deliveryView(item: ListedOutboxItem): WebhookDelivery {
  return {
    id: item.id,
    eventId: eventIdOf(item.payload),
    event: item.label,
    state: item.state,
    attempts: item.attempts,
    createdAt: item.createdAt,
    nextAttemptAt: item.state === 'pending' ? item.nextAttemptAt : null,
    finishedAt: item.finishedAt,
    lastAttempt: item.lastAttempt,
  };
}

/** Refuses a URL the outbound policy forbids (http without the operator's leave, a private IP literal). */
function checkUrl(url: string, policy: OutboundPolicy): void {
  if (!URL.canParse(url)) {
    throw new DomainError('validation_failed', messages.webhookUrlInvalid, {
      url: messages.webhookUrlInvalid,
    });
  }
  const problem = urlProblem(new URL(url), policy);
  if (problem === null) return;
  const message = problem.includes('https') ? messages.webhookHttpsRequired : messages.webhookPrivateAddress;
  throw new DomainError('validation_failed', message, { url: message });
}

async function requireWebhook(ctx: UserChangeContext, webhookId: string): Promise<WebhookRecord> {
  const webhook = await findWebhook(ctx.db, ctx.account.id, webhookId);
  if (!webhook) throw new DomainError('not_found', messages.notFound);
  return webhook;
}

/** The account's webhooks (admins and owners: core's route table checks the role). */
export async function webhooksOf(ctx: UserChangeContext): Promise<Webhook[]> {
  return (await listWebhooks(ctx.db, ctx.account.id)).map(webhookView);
}

/** Adds a webhook; the answer is the only time its secret is shown. */
export async function createWebhook(
  ctx: UserChangeContext,
  policy: OutboundPolicy,
  input: WebhookCreateInput,
): Promise<WebhookWithSecret> {
  checkUrl(input.url, policy);
  const now = new Date().toISOString();
  const webhook: WebhookRecord = {
    id: randomUUID(),
    accountId: ctx.account.id,
    url: input.url,
    events: input.events,
    isActive: input.active,
    secret: generateWebhookSecret(),
    createdAt: now,
    updatedAt: now,
    failingSince: null,
    disabledAt: null,
  };
  return runChange(ctx, async ({ trx, audit }) => {
    if ((await countWebhooks(trx, ctx.account.id)) >= MAX_WEBHOOKS_PER_ACCOUNT) {
      throw new DomainError('webhook_limit_reached', messages.webhookLimitReached(MAX_WEBHOOKS_PER_ACCOUNT));
    }
    await insertWebhook(trx, webhook);
    const view = webhookView(webhook);
    audit({ action: 'create', entity: 'webhook', entityId: webhook.id, after: view });
    return { ...view, secret: webhook.secret };
  });
}

/** Changes a webhook's URL, events or active flag; turning it on again clears its failure record. */
export async function changeWebhook(
  ctx: UserChangeContext,
  policy: OutboundPolicy,
  webhookId: string,
  input: WebhookUpdateInput,
): Promise<Webhook> {
  if (input.url !== undefined) checkUrl(input.url, policy);
  return runChange(ctx, async ({ trx, audit }) => {
    const before = await findWebhook(trx, ctx.account.id, webhookId);
    if (!before) throw new DomainError('not_found', messages.notFound);
    const isTurnedOn = input.active === true && !before.isActive;
    const after: WebhookRecord = {
      ...before,
      url: input.url ?? before.url,
      events: input.events ?? before.events,
      isActive: input.active ?? before.isActive,
      updatedAt: new Date().toISOString(),
      failingSince: isTurnedOn ? null : before.failingSince,
      disabledAt: isTurnedOn ? null : before.disabledAt,
    };
    await updateWebhook(trx, after);
    audit({
      action: 'update',
      entity: 'webhook',
      entityId: webhookId,
      before: webhookView(before),
      after: webhookView(after),
    });
    return webhookView(after);
  });
}

/** Deletes a webhook with the deliveries it still had waiting. */
export async function removeWebhook(ctx: UserChangeContext, webhookId: string): Promise<void> {
  await runChange(ctx, async ({ trx, audit }) => {
    const before = await findWebhook(trx, ctx.account.id, webhookId);
    if (!before || !(await deleteWebhook(trx, ctx.account.id, webhookId))) {
      throw new DomainError('not_found', messages.notFound);
    }
    await deleteItemsOfTarget(trx, WEBHOOK_KIND, webhookId);
    audit({ action: 'delete', entity: 'webhook', entityId: webhookId, before: webhookView(before) });
  });
}

/** The webhook's delivery log, newest first. */
export async function deliveriesOf(ctx: UserChangeContext, webhookId: string): Promise<WebhookDelivery[]> {
  await requireWebhook(ctx, webhookId);
  const items = await listItemsOfTarget(ctx.db, ctx.account.id, WEBHOOK_KIND, webhookId, DELIVERY_LOG_LENGTH);
  return items.map(deliveryView);
}

async function enqueueDelivery(ctx: UserChangeContext, item: OutboxItemInput): Promise<WebhookDelivery> {
  await runChange(ctx, async ({ enqueue }) => {
    enqueue(item);
  });
  const [latest] = await listItemsOfTarget(ctx.db, ctx.account.id, WEBHOOK_KIND, item.targetId, 1);
  if (!latest) throw new Error('delivery not written');
  return deliveryView(latest);
}

/** Sends a delivery again: the same event (same id, so receivers can tell), after what is waiting. */
export async function redeliver(
  ctx: UserChangeContext,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await requireWebhook(ctx, webhookId);
  const item = await findItemOfTarget(ctx.db, ctx.account.id, WEBHOOK_KIND, webhookId, deliveryId);
  if (!item) throw new DomainError('not_found', messages.notFound);
  return enqueueDelivery(ctx, {
    kind: WEBHOOK_KIND,
    targetId: webhookId,
    label: item.label,
    payload: item.payload,
  });
}

/** Sends a `webhook.test` event to this webhook alone. */
export async function sendTestEvent(ctx: UserChangeContext, webhookId: string): Promise<WebhookDelivery> {
  await requireWebhook(ctx, webhookId);
  const body: WebhookBody = {
    id: randomUUID(),
    type: WEBHOOK_TEST_EVENT,
    createdAt: new Date().toISOString(),
    accountId: ctx.account.id,
    data: { before: null, after: { message: 'This is a test event from IPAM.' } },
  };
  return enqueueDelivery(ctx, webhookItem(webhookId, body));
}
