import type { Db } from '../db/database.js';
import { dnsItemsOf } from '../dns/dns-producer.js';
import { webhookDeliveriesOf } from '../webhooks/webhook-producer.js';
import type { ChangeOccurrences } from './change-occurrences.js';
import type { OutboxItemInput } from './outbox-item.js';
import { insertOutboxItems } from './outbox-repository.js';
import { readOutboxTargets, type OutboxTargets } from './outbox-target-repository.js';

/**
 * Turns what a change did into outbox items of one kind, inside the change's transaction. A producer
 * asks `targets` for the account's targets only when the change has something for it (the first
 * producer to ask reads them, in one query, for all) and reads anything else it needs with `trx`.
 */
export type OutboxProducer = (
  trx: Db,
  accountId: string,
  occurrences: ChangeOccurrences,
  targets: () => Promise<OutboxTargets>,
) => Promise<readonly OutboxItemInput[]>;

/** Every producer, run on every change (add a kind's producer here). */
export const outboxProducers: readonly OutboxProducer[] = [webhookDeliveriesOf, dnsItemsOf];

/**
 * Writes the outbox items of a change in its transaction: those its commands enqueued, then each
 * producer's; how many were written (the caller wakes the workers after the commit when some were).
 */
export async function writeChangeOutbox(
  trx: Db,
  accountId: string,
  occurrences: ChangeOccurrences,
  enqueued: readonly OutboxItemInput[] = [],
): Promise<number> {
  const items = [...enqueued];
  let read: Promise<OutboxTargets> | undefined;
  const targets = () => (read ??= readOutboxTargets(trx, accountId));
  for (const produce of outboxProducers) items.push(...(await produce(trx, accountId, occurrences, targets)));
  if (items.length > 0) await insertOutboxItems(trx, accountId, items, new Date().toISOString());
  return items.length;
}
