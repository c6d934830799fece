import { messages } from '@ipam/core/messages';
import { tierDefaults } from '@ipam/core/tiers';
import { findAccountById, findAccountForUpdate, type AccountRecord } from '../accounts/account-repository.js';
import { runChange, type ChangeContext, type ChangeLog } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { EventPublisher } from '../events/event-publisher.js';
import {
  findAccountIdBySubscription,
  isBillingEventRecorded,
  markBillingEventIgnored,
  recordBillingEvent,
  updateAccountBilling,
  type AccountBillingUpdate,
} from './billing-event-repository.js';
import { periodEndFrom, type BillingEvent, type BillingEventOutcome } from './billing-event.js';
import { findCheckoutForUpdate, setCheckoutStatus } from './checkout-repository.js';
import { findPrice, findPriceByProviderId } from './product-repository.js';

/** Who tier changes made by billing are recorded as in the audit log (BL-40). */
export const BILLING_ACTOR = 'billing';

/** What applying an event needs from the app. */
export interface BillingDeps {
  db: Db;
  events: EventPublisher;
  log?: ChangeLog;
}

/** Custom (tier 4) is set by an operator and stays so whatever billing says (BL-42). */
const CUSTOM_TIER = 4;

function limitsOf(account: AccountRecord, tier: number): AccountBillingUpdate {
  if (account.tier === CUSTOM_TIER) return {};
  const defaults = tierDefaults(tier);
  if (!defaults || defaults.maxnetworks === null || defaults.maxusers === null) return {};
  return { tier, maxnetworks: defaults.maxnetworks, maxusers: defaults.maxusers };
}

/** The account an event is about, or undefined when it names nothing of ours. */
async function accountOf(db: Db, event: BillingEvent): Promise<AccountRecord | undefined> {
  let accountId: string | undefined;
  if (event.type === 'checkout.session.completed') {
    const checkout = await findCheckoutForUpdate(db, {
      id: event.checkoutId ?? undefined,
      providerSessionId: event.providerSessionId ?? undefined,
    });
    accountId = checkout?.accountId;
  } else if (event.type !== 'other') {
    accountId = await findAccountIdBySubscription(db, event.subscriptionId);
  }
  return accountId === undefined ? undefined : findAccountById(db, accountId);
}

/**
 * The account's new billing fields for the event, read inside the change's transaction; null when a
 * completed checkout is for a tier below the account's (paid after a dearer one): the checkout is
 * complete but the account keeps its tier and subscription (issue 36).
 */
async function updateFor(
  trx: Db,
  account: AccountRecord,
  event: BillingEvent,
): Promise<AccountBillingUpdate | null> {
  const now = new Date();
  if (event.type === 'checkout.session.completed') {
    const checkout = await findCheckoutForUpdate(trx, {
      id: event.checkoutId ?? undefined,
      providerSessionId: event.providerSessionId ?? undefined,
    });
    const price = checkout && (await findPrice(trx, checkout.priceId));
    if (!checkout || !price) throw new DomainError('unknown_price', messages.unknownBillingPrice);
    await setCheckoutStatus(trx, checkout.id, 'complete', now.toISOString());
    if (account.tier !== CUSTOM_TIER && price.productTier < account.tier) return null;
    return {
      ...limitsOf(account, price.productTier),
      subId: event.subscriptionId ?? `test_sub_${checkout.id}`,
      subStatus: 'active',
      subStart: now.toISOString(),
      subEnd: periodEndFrom(now, price.interval),
      ...(event.customerId ? { customerId: event.customerId } : {}),
    };
  }
  if (event.type === 'customer.subscription.updated') {
    const price = event.providerPriceId ? await findPriceByProviderId(trx, event.providerPriceId) : undefined;
    if (event.providerPriceId && !price) throw new DomainError('unknown_price', messages.unknownBillingPrice);
    return {
      ...(price && price.productTier !== account.tier ? limitsOf(account, price.productTier) : {}),
      subStatus: event.status,
      ...(event.periodEnd ? { subEnd: event.periodEnd } : {}),
    };
  }
  if (event.type === 'customer.subscription.deleted') {
    // Back to Free (S35): subnets and users are kept; the limits refuse new ones.
    return { ...limitsOf(account, 0), subStatus: 'canceled', subEnd: event.endedAt ?? now.toISOString() };
  }
  return {};
}

const billingFields = (account: AccountRecord) => ({
  tier: account.tier,
  maxnetworks: account.maxnetworks,
  maxusers: account.maxusers,
  subStatus: account.subStatus,
  subEnd: account.subEnd,
});

/**
 * The one completion code (BL-9, BL-10): applies a provider event to its account once. The event id
 * is recorded in the same transaction as the change, so a redelivery is a 'duplicate' that changes
 * nothing (BL-30); the change is audited with the actor 'billing' (BL-40) and announced to every
 * member (BL-41). An event about nothing of ours is recorded as 'ignored', and so is an older,
 * cheaper checkout paid after a dearer one: it never lowers the tier. An unknown price throws
 * 'unknown_price' and records nothing, so the provider delivers it again once the price is mapped.
 */
export async function applyBillingEvent(
  deps: BillingDeps,
  event: BillingEvent,
): Promise<BillingEventOutcome> {
  if (await isBillingEventRecorded(deps.db, event.id)) return 'duplicate';
  const account = await accountOf(deps.db, event);
  const receivedAt = nowIso();
  if (!account || event.type === 'other') {
    const type = event.type === 'other' ? event.providerType : event.type;
    const isNew = await recordBillingEvent(deps.db, {
      id: event.id,
      type,
      accountId: null,
      outcome: 'ignored',
      receivedAt,
    });
    return isNew ? 'ignored' : 'duplicate';
  }
  const ctx: ChangeContext = {
    db: deps.db,
    account,
    userId: null,
    actor: BILLING_ACTOR,
    events: deps.events,
    ...(deps.log ? { log: deps.log } : {}),
  };
  return runChange(ctx, async ({ trx, audit, announce }) => {
    const isNew = await recordBillingEvent(trx, {
      id: event.id,
      type: event.type,
      accountId: account.id,
      outcome: 'applied',
      receivedAt,
    });
    if (!isNew) return 'duplicate';
    const current = (await findAccountForUpdate(trx, account.id)) ?? account;
    const update = await updateFor(trx, current, event);
    if (update === null) {
      await markBillingEventIgnored(trx, event.id);
      deps.log?.warn(
        { eventId: event.id, accountId: account.id, tier: current.tier },
        'checkout below the account tier completed; the account keeps its tier (refund it at the provider)',
      );
      return 'ignored';
    }
    await updateAccountBilling(trx, account.id, update);
    const after = (await findAccountForUpdate(trx, account.id)) ?? current;
    audit({
      action: 'update',
      entity: 'account',
      entityId: account.id,
      before: billingFields(current),
      after: billingFields(after),
    });
    announce({ kind: 'account', id: account.id });
    return 'applied';
  });
}
