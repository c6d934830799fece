import type { Db } from '../db/database.js';

/**
 * Records a provider event as processed; false when it was recorded before (a redelivery). On
 * PostgreSQL a concurrent delivery of the same event waits for the first one's transaction and then
 * finds the row: each event is applied once (BL-10, BL-30).
 */
export async function recordBillingEvent(
  db: Db,
  event: {
    id: string;
    type: string;
    accountId: string | null;
    outcome: 'applied' | 'ignored';
    receivedAt: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('billing_events')
    .values({
      id: event.id,
      type: event.type,
      account_id: event.accountId,
      outcome: event.outcome,
      received_at: event.receivedAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Records that a recorded event turned out to change nothing (a checkout below the account's tier). */
export async function markBillingEventIgnored(db: Db, id: string): Promise<void> {
  await db.updateTable('billing_events').set({ outcome: 'ignored' }).where('id', '=', id).execute();
}

/** Whether the event was processed before. */
export async function isBillingEventRecorded(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('billing_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** The account's billing customer (Stripe `cus_…`), or null. */
export async function findBillingCustomer(db: Db, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom('accounts')
    .select('billing_customer_id')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.billing_customer_id ?? null;
}

/** The id of the account whose subscription this is, if any. */
export async function findAccountIdBySubscription(db: Db, subId: string): Promise<string | undefined> {
  const row = await db.selectFrom('accounts').select('id').where('sub_id', '=', subId).executeTakeFirst();
  return row?.id;
}

/** The billing fields a provider event may set on an account (undefined leaves one as it is). */
export interface AccountBillingUpdate {
  tier?: number;
  maxnetworks?: number;
  maxusers?: number;
  subId?: string | null;
  subStatus?: string | null;
  subStart?: string | null;
  subEnd?: string | null;
  customerId?: string | null;
}

/** Writes the billing fields of an account. */
export async function updateAccountBilling(
  db: Db,
  accountId: string,
  update: AccountBillingUpdate,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      ...(update.tier !== undefined ? { tier: update.tier } : {}),
      ...(update.maxnetworks !== undefined ? { maxnetworks: update.maxnetworks } : {}),
      ...(update.maxusers !== undefined ? { maxusers: update.maxusers } : {}),
      ...(update.subId !== undefined ? { sub_id: update.subId } : {}),
      ...(update.subStatus !== undefined ? { sub_status: update.subStatus } : {}),
      ...(update.subStart !== undefined ? { sub_start: update.subStart } : {}),
      ...(update.subEnd !== undefined ? { sub_end: update.subEnd } : {}),
      ...(update.customerId !== undefined ? { billing_customer_id: update.customerId } : {}),
    })
    .where('id', '=', accountId)
    .execute();
}
