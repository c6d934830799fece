import type { Subscription } from '@ipam/core/api/billing';
import { messages } from '@ipam/core/messages';
import type { UserChangeContext } from '../commands/change.js';
import { DomainError } from '../errors/domain-error.js';
import { findBillingCustomer } from './billing-event-repository.js';
import type { BillingSetup } from './start-checkout.js';

/** The account's subscription; manageable by the owner when Stripe is set up and knows the account. */
export async function subscriptionOf(ctx: UserChangeContext, setup: BillingSetup): Promise<Subscription> {
  const customer = await findBillingCustomer(ctx.db, ctx.account.id);
  return {
    subStatus: ctx.account.subStatus,
    subEnd: ctx.account.subEnd,
    canManage:
      setup.isEnabled &&
      setup.provider.kind === 'stripe' &&
      customer !== null &&
      ctx.account.uid === ctx.userId,
  };
}

/** The customer portal's address for the owner ('Manage subscription'). */
export async function openPortal(
  ctx: UserChangeContext,
  setup: BillingSetup,
  returnUrl: string,
): Promise<string> {
  if (!setup.isEnabled) throw new DomainError('billing_disabled', messages.billingDisabled);
  const customer = await findBillingCustomer(ctx.db, ctx.account.id);
  if (setup.provider.kind !== 'stripe' || customer === null) {
    throw new DomainError('no_billing_customer', messages.noBillingCustomer);
  }
  try {
    return await setup.provider.createPortal(customer, returnUrl);
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    ctx.log?.warn({ cause }, 'billing portal failed');
    throw new DomainError('checkout_failed', messages.checkoutFailed);
  }
}
