import { expect, it, beforeAll } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { uniqueEmail, useTestApp, type TestApp } from '../../test/factories.js';
import {
  accountSession,
  postGroup,
  postSubnet,
  recordingPublisher,
  sessionFor,
  setTier,
  type AccountSession,
} from '../../test/ipam-factories.js';
import { signUp } from '../../test/factories.js';
import { signedEvent, stripeTestEnv, useStripeLoopback } from '../../test/stripe-loopback.js';
import { setProviderPriceId } from './product-repository.js';

async function deliver(t: TestApp, event: { payload: string; signature: string }) {
  return t.client().post('/api/billing/webhook', event.payload, { 'stripe-signature': event.signature });
}

async function accountOf(session: AccountSession) {
  return (await session.call('GET', '')).body;
}

async function billingAudits(session: AccountSession) {
  const page = await session.call('GET', '/audit');
  return page.body.items.filter((item: { actor: string | null }) => item.actor === 'billing');
}

const yearMs = 365 * 24 * 60 * 60 * 1000;

for (const dialect of DIALECTS) {
  describeOn(dialect)(`billing through Stripe: checkout and signed webhooks (${dialect})`, () => {
    const published = recordingPublisher();
    const stripe = useStripeLoopback();
    const t = useTestApp(dialect, stripeTestEnv, { events: published, stripeApi: stripe.target });
    beforeAll(async () => {
      await setProviderPriceId(t.current.db, 'business-year', 'price_business_year');
      await setProviderPriceId(t.current.db, 'enterprise-month', 'price_enterprise_month');
    });

    /** An owner who started a yearly Business checkout at (loopback) Stripe. */
    async function ownerWithCheckout() {
      const owner = await accountSession(t.current);
      const created = await owner.call('POST', '/checkout-sessions', { priceId: 'business-year' });
      expect(created.status).toBe(201);
      const call = stripe.current.calls.at(-1);
      const providerSessionId = new URL(created.body.url).pathname.split('/').at(-1) ?? '';
      return { owner, checkoutId: created.body.id as string, call, providerSessionId };
    }

    function completed(eventId: string, providerSessionId: string, checkoutId: string, sub: string) {
      return signedEvent(eventId, 'checkout.session.completed', {
        id: providerSessionId,
        object: 'checkout.session',
        client_reference_id: 'ignored-by-design',
        metadata: { checkoutId },
        subscription: sub,
        customer: `cus_${sub}`,
      });
    }

    it('BL-8, BL-7: opens a Checkout Session in subscription mode with the mapped price and server-built return URLs', async () => {
      const { owner, checkoutId, call } = await ownerWithCheckout();
      expect(call?.path).toBe('/v1/checkout/sessions');
      const params = call?.params ?? new URLSearchParams();
      expect(params.get('mode')).toBe('subscription');
      expect(params.get('line_items[0][price]')).toBe('price_business_year');
      expect(params.get('client_reference_id')).toBe(owner.accountId);
      expect(params.get('metadata[accountId]')).toBe(owner.accountId);
      expect(params.get('metadata[productId]')).toBe('business');
      expect(params.get('metadata[interval]')).toBe('year');
      expect(params.get('success_url')).toBe(
        `${t.current.baseUrl}/checkout/success?session_id=${checkoutId}`,
      );
      expect(params.get('cancel_url')).toBe(`${t.current.baseUrl}/checkout/cancel`);
      // The test provider's buttons do not exist for a Stripe checkout.
      expect((await owner.call('POST', `/checkout-sessions/${checkoutId}/test-payment`)).status).toBe(404);
      // S20: the client cannot name a return address.
      const forged = await owner.call('POST', '/checkout-sessions', {
        priceId: 'business-year',
        success_url: 'https://evil.test',
      });
      expect(forged.status).toBe(400);
    });

    it('BL-31: a provider failure answers 502 with the spec message and leaves the session canceled', async () => {
      const owner = await accountSession(t.current);
      stripe.current.failing = true;
      try {
        const created = await owner.call('POST', '/checkout-sessions', { priceId: 'business-year' });
        expect(created.status).toBe(502);
        expect(created.body).toEqual({
          error: 'There was an error processing your request. Please try again.',
          code: 'checkout_failed',
        });
      } finally {
        stripe.current.failing = false;
      }
      expect((await accountOf(owner)).tier).toBe(0);
    });

    it('BL-6, BL-8: with Stripe only the prices mapped to a Stripe price are listed; an unmapped one is 404, nothing sent', async () => {
      const owner = await accountSession(t.current);
      const items = (await owner.client.get('/api/billing/products')).body.items as {
        id: string;
        prices: { id: string }[];
      }[];
      expect(items.map((product) => [product.id, product.prices.map((price) => price.id)])).toEqual([
        ['basic', []],
        ['business', ['business-year']],
        ['enterprise', ['enterprise-month']],
      ]);
      const before = stripe.current.calls.length;
      const unmapped = await owner.call('POST', '/checkout-sessions', { priceId: 'basic-month' });
      expect(unmapped.status).toBe(404);
      expect(unmapped.body).toEqual({
        error: 'No price found for this plan and frequency.',
        code: 'price_not_found',
      });
      expect(stripe.current.calls.length).toBe(before);
      expect((await accountOf(owner)).tier).toBe(0);
    });

    it('BL-10, BL-40, BL-41: checkout.session.completed sets tier, limits and subscription, audited as billing and announced', async () => {
      const { owner, checkoutId, providerSessionId } = await ownerWithCheckout();
      const response = await deliver(
        t.current,
        completed('evt_done_1', providerSessionId, checkoutId, 'sub_a1'),
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ received: true, outcome: 'applied' });
      const account = await accountOf(owner);
      expect(account).toMatchObject({
        tier: 2,
        tierName: 'Business',
        maxnetworks: 50,
        maxusers: 20,
        subId: 'sub_a1',
        subStatus: 'active',
      });
      expect(Date.parse(account.subEnd) - Date.parse(account.subStart)).toBeGreaterThanOrEqual(yearMs);
      const session = await owner.call('GET', `/checkout-sessions/${checkoutId}`);
      expect(session.body).toMatchObject({
        status: 'complete',
        productName: 'Business',
        interval: 'year',
        unit_amount: 17589,
      });
      const audits = await billingAudits(owner);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        userId: null,
        entity: 'account',
        before: { tier: 0 },
        after: { tier: 2, maxnetworks: 50 },
      });
      expect(published.events).toContainEqual({
        accountId: owner.accountId,
        event: { kind: 'account', id: owner.accountId },
      });
    });

    it('BL-30: the same event delivered twice changes the account once', async () => {
      const { owner, checkoutId, providerSessionId } = await ownerWithCheckout();
      const event = completed('evt_twice', providerSessionId, checkoutId, 'sub_twice');
      expect((await deliver(t.current, event)).body.outcome).toBe('applied');
      await setTier(t.current.db, owner.accountId, 1); // an operator changes it meanwhile
      const again = await deliver(t.current, event);
      expect(again.status).toBe(200);
      expect(again.body.outcome).toBe('duplicate');
      expect((await accountOf(owner)).tier).toBe(1);
      expect(await billingAudits(owner)).toHaveLength(1);
    });

    it('BL-30: a forged or missing signature is a 400 and changes nothing', async () => {
      const { owner, checkoutId, providerSessionId } = await ownerWithCheckout();
      const forged = signedEvent(
        'evt_forged',
        'checkout.session.completed',
        {
          id: providerSessionId,
          object: 'checkout.session',
          metadata: { checkoutId },
          subscription: 'sub_f',
          customer: 'cus_f',
        },
        'whsec_notoursatall',
      );
      const refused = await deliver(t.current, forged);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: 'The webhook signature is not valid.',
        code: 'signature_invalid',
      });
      const tampered = completed('evt_tampered', providerSessionId, checkoutId, 'sub_t');
      const changed = { payload: tampered.payload.replace('sub_t', 'sub_x'), signature: tampered.signature };
      expect((await deliver(t.current, changed)).status).toBe(400);
      const unsigned = await t.current.client().post('/api/billing/webhook', tampered.payload);
      expect(unsigned.status).toBe(400);
      expect((await accountOf(owner)).tier).toBe(0);
      expect(await billingAudits(owner)).toHaveLength(0);
      // The genuine event still applies afterwards: nothing was recorded for the refused ones.
      expect((await deliver(t.current, tampered)).body.outcome).toBe('applied');
    });

    it('BL-10: customer.subscription.updated sets status and period end, and the tier on a plan change', async () => {
      const { owner, checkoutId, providerSessionId } = await ownerWithCheckout();
      await deliver(t.current, completed('evt_up_0', providerSessionId, checkoutId, 'sub_up'));
      const periodEnd = Math.floor(Date.UTC(2028, 0, 15) / 1000);
      const updated = signedEvent('evt_up_1', 'customer.subscription.updated', {
        id: 'sub_up',
        object: 'subscription',
        status: 'past_due',
        items: {
          object: 'list',
          data: [
            {
              id: 'si_1',
              object: 'subscription_item',
              current_period_end: periodEnd,
              price: { id: 'price_enterprise_month', object: 'price' },
            },
          ],
        },
      });
      expect((await deliver(t.current, updated)).body.outcome).toBe('applied');
      expect(await accountOf(owner)).toMatchObject({
        tier: 3,
        maxnetworks: 500,
        maxusers: 100,
        subStatus: 'past_due',
        subEnd: '2028-01-15T00:00:00.000Z',
      });
    });

    it('an unknown price is refused (422) and not recorded, so the redelivery applies once the price is mapped', async () => {
      const { owner, checkoutId, providerSessionId } = await ownerWithCheckout();
      await deliver(t.current, completed('evt_unk_0', providerSessionId, checkoutId, 'sub_unk'));
      const updated = signedEvent('evt_unk_1', 'customer.subscription.updated', {
        id: 'sub_unk',
        object: 'subscription',
        status: 'active',
        items: {
          object: 'list',
          data: [
            {
              id: 'si_2',
              object: 'subscription_item',
              current_period_end: 1900000000,
              price: { id: 'price_nobody_knows', object: 'price' },
            },
          ],
        },
      });
      const refused = await deliver(t.current, updated);
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('unknown_price');
      expect((await accountOf(owner)).tier).toBe(2);
      await setProviderPriceId(t.current.db, 'basic-year', 'price_nobody_knows');
      expect((await deliver(t.current, updated)).body.outcome).toBe('applied');
      expect((await accountOf(owner)).tier).toBe(1);
    });

    it('BL-10, S35: customer.subscription.deleted goes back to Free; existing subnets stay, new ones are refused', async () => {
      const { owner, checkoutId, providerSessionId } = await ownerWithCheckout();
      await deliver(t.current, completed('evt_del_0', providerSessionId, checkoutId, 'sub_del'));
      const group = await postGroup(owner, 'Sites');
      for (const cidr of ['10.1.0.0/24', '10.2.0.0/24', '10.3.0.0/24']) {
        expect((await postSubnet(owner, group.id, cidr)).status).toBe(201);
      }
      const deleted = signedEvent('evt_del_1', 'customer.subscription.deleted', {
        id: 'sub_del',
        object: 'subscription',
        status: 'canceled',
        ended_at: 1900000000,
      });
      expect((await deliver(t.current, deleted)).body.outcome).toBe('applied');
      expect(await accountOf(owner)).toMatchObject({
        tier: 0,
        tierName: 'Free',
        maxnetworks: 2,
        maxusers: 2,
        subStatus: 'canceled',
      });
      expect((await owner.call('GET', '/subnets')).body.items).toHaveLength(3);
      const fourth = await postSubnet(owner, group.id, '10.4.0.0/24');
      expect(fourth.status).toBe(403);
      expect(fourth.body.code).toBe('subnet_limit_reached');
    });

    it('BL-42: an account an operator put on Custom keeps its tier and limits whatever billing says', async () => {
      const { owner, checkoutId, providerSessionId } = await ownerWithCheckout();
      await setTier(t.current.db, owner.accountId, 4, 900);
      await deliver(t.current, completed('evt_custom_0', providerSessionId, checkoutId, 'sub_custom'));
      const deleted = signedEvent('evt_custom_1', 'customer.subscription.deleted', {
        id: 'sub_custom',
        object: 'subscription',
        status: 'canceled',
        ended_at: null,
      });
      await deliver(t.current, deleted);
      expect(await accountOf(owner)).toMatchObject({ tier: 4, maxnetworks: 900, subStatus: 'canceled' });
    });

    it('acknowledges other event types and events about nothing of ours without changing anything', async () => {
      const other = await deliver(
        t.current,
        signedEvent('evt_other', 'invoice.paid', { id: 'in_1', object: 'invoice' }),
      );
      expect(other.body).toEqual({ received: true, outcome: 'ignored' });
      const stranger = await deliver(
        t.current,
        signedEvent('evt_stranger', 'customer.subscription.deleted', {
          id: 'sub_unknown',
          object: 'subscription',
        }),
      );
      expect(stranger.body.outcome).toBe('ignored');
    });

    it("'Manage subscription': the owner of an account with a Stripe customer opens the portal; a member cannot", async () => {
      const { owner, checkoutId, providerSessionId } = await ownerWithCheckout();
      expect((await owner.call('GET', '/subscription')).body.canManage).toBe(false);
      await deliver(t.current, completed('evt_portal', providerSessionId, checkoutId, 'sub_portal'));
      expect((await owner.call('GET', '/subscription')).body).toMatchObject({
        subStatus: 'active',
        canManage: true,
      });
      const portal = await owner.call('POST', '/billing-portal-sessions');
      expect(portal.status).toBe(201);
      expect(portal.body.url).toBe('https://billing.stripe.test/p/session');
      expect(stripe.current.calls.at(-1)?.params.get('customer')).toBe('cus_sub_portal');
      expect(stripe.current.calls.at(-1)?.params.get('return_url')).toBe(`${t.current.baseUrl}/settings`);
      const email = uniqueEmail('member');
      await owner.call('POST', '/invites', { email });
      const member = sessionFor((await signUp(t.current, email)).client, owner);
      expect((await member.call('GET', '/subscription')).body.canManage).toBe(false);
      expect((await member.call('POST', '/billing-portal-sessions')).status).toBe(403);
    });
  });
}
