import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp, type TestApp } from '../../test/factories.js';
import {
  accountSession,
  postGroup,
  postSubnet,
  recordingPublisher,
  sessionFor,
  setTier,
  type AccountSession,
} from '../../test/ipam-factories.js';
import { expireCheckouts } from './checkout-repository.js';
import { setActive } from './product-repository.js';

async function withMember(t: TestApp, owner: AccountSession): Promise<AccountSession> {
  const email = uniqueEmail('member');
  await owner.call('POST', '/invites', { email });
  const member = await signUp(t, email);
  return sessionFor(member.client, { accountId: owner.accountId, userId: member.userId, email });
}

const yearMs = 365 * 24 * 60 * 60 * 1000;

for (const dialect of DIALECTS) {
  describeOn(dialect)(`billing with the built-in test provider (${dialect})`, () => {
    const published = recordingPublisher();
    const t = useTestApp(dialect, {}, { events: published });

    it('BL-6, BL-2, BL-3: lists the seeded products by monthly price, in cents, with tier-derived benefits', async () => {
      const { client } = await signUp(t.current);
      const response = await client.get('/api/billing/products');
      expect(response.status).toBe(200);
      const items = response.body.items;
      expect(items.map((p: { name: string }) => p.name)).toEqual(['Basic', 'Business', 'Enterprise']);
      const figures = items.map(
        (p: { tier: number; prices: { interval: string; unit_amount: number; currency: string }[] }) => [
          p.tier,
          ...p.prices.map((price) => `${price.interval} ${price.unit_amount} ${price.currency}`).sort(),
        ],
      );
      expect(figures).toEqual([
        [1, 'month 599 usd', 'year 6589 usd'],
        [2, 'month 1599 usd', 'year 17589 usd'],
        [3, 'month 5099 usd', 'year 61589 usd'],
      ]);
      expect(items[1]).toMatchObject({ id: 'business', active: true });
      expect(items[1].benefits).toEqual([
        'Up to 50 subnets',
        'Up to 20 users',
        'IPv6 subnets (/104–/124)',
        'IPv4 subnets from /8',
        'On Prem Scanning',
        'Support tickets',
        'Up to 1,000 groups',
      ]);
      expect((await t.current.client().get('/api/billing/products')).status).toBe(401);
    });

    it('BL-6: an inactive price or product is not listed, and cannot be bought (404)', async () => {
      const owner = await accountSession(t.current);
      await setActive(t.current.db, 'basic-year', false);
      await setActive(t.current.db, 'enterprise', false);
      try {
        const items = (await owner.client.get('/api/billing/products')).body.items;
        expect(items.map((p: { id: string }) => p.id)).toEqual(['basic', 'business']);
        expect(items[0].prices.map((p: { id: string }) => p.id)).toEqual(['basic-month']);
        for (const priceId of ['basic-year', 'enterprise-month']) {
          const refused = await owner.call('POST', '/checkout-sessions', { priceId });
          expect(refused.status).toBe(404);
        }
      } finally {
        await setActive(t.current.db, 'basic-year', true);
        await setActive(t.current.db, 'enterprise', true);
      }
    });

    it('BL-29: unknown price 404, no price 400, no session 401, with the spec messages', async () => {
      const owner = await accountSession(t.current);
      const unknown = await owner.call('POST', '/checkout-sessions', { priceId: 'gold-month' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        error: 'No price found for this plan and frequency.',
        code: 'price_not_found',
      });
      for (const body of [{}, { priceId: '  ' }]) {
        const missing = await owner.call('POST', '/checkout-sessions', body);
        expect(missing.status).toBe(400);
        expect(missing.body).toEqual({
          error: 'Please select a plan and billing frequency.',
          code: 'price_required',
        });
      }
      const anonymous = await t.current
        .client()
        .post(`/api/accounts/${owner.accountId}/checkout-sessions`, { priceId: 'basic-month' });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toBe('User is not authenticated.');
    });

    it('BL-28: a member who is not the owner gets 403 for a checkout and for the test page buttons', async () => {
      const owner = await accountSession(t.current);
      const member = await withMember(t.current, owner);
      const refused = await member.call('POST', '/checkout-sessions', { priceId: 'business-month' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: 'Only the account owner can change the plan.',
        code: 'owner_only',
      });
      const created = await owner.call('POST', '/checkout-sessions', { priceId: 'business-month' });
      expect((await member.call('POST', `/checkout-sessions/${created.body.id}/test-payment`)).status).toBe(
        403,
      );
      expect((await owner.call('GET', '')).body.tier).toBe(0);
    });

    it('BL-7: a plan at or below the current tier is refused (409)', async () => {
      const owner = await accountSession(t.current);
      await setTier(t.current.db, owner.accountId, 2);
      for (const priceId of ['basic-month', 'business-year']) {
        const refused = await owner.call('POST', '/checkout-sessions', { priceId });
        expect(refused.status).toBe(409);
        expect(refused.body.error).toBe('Your account is already on this plan or a higher one.');
      }
      expect((await owner.call('POST', '/checkout-sessions', { priceId: 'enterprise-month' })).status).toBe(
        201,
      );
    });

    it('BL-9, BL-26: Pay (test) completes through the webhook code: Business limits, a year of subscription, a 3rd and an IPv6 subnet', async () => {
      const owner = await accountSession(t.current);
      const member = await withMember(t.current, owner);
      const created = await owner.call('POST', '/checkout-sessions', { priceId: 'business-year' });
      expect(created.status).toBe(201);
      expect(created.body.url).toBe(`${t.current.baseUrl}/billing/test-checkout/${created.body.id}`);
      const open = await owner.call('GET', `/checkout-sessions/${created.body.id}`);
      expect(open.body).toMatchObject({
        status: 'open',
        provider: 'test',
        productName: 'Business',
        interval: 'year',
        unit_amount: 17589,
        currency: 'usd',
      });

      const paid = await owner.call('POST', `/checkout-sessions/${created.body.id}/test-payment`);
      expect(paid.status).toBe(200);
      expect(paid.body.redirectUrl).toBe(
        `${t.current.baseUrl}/checkout/success?session_id=${created.body.id}`,
      );
      const account = (await member.call('GET', '')).body;
      expect(account).toMatchObject({
        tier: 2,
        tierName: 'Business',
        maxusers: 20,
        maxnetworks: 50,
        subStatus: 'active',
      });
      const length = Date.parse(account.subEnd) - Date.parse(account.subStart);
      expect(length).toBeGreaterThanOrEqual(yearMs);
      expect(length).toBeLessThanOrEqual(yearMs + 24 * 60 * 60 * 1000);
      expect((await owner.call('GET', `/checkout-sessions/${created.body.id}`)).body.status).toBe('complete');
      expect(published.events).toContainEqual({
        accountId: owner.accountId,
        event: { kind: 'account', id: owner.accountId },
      });
      const audit = (await owner.call('GET', '/audit')).body.items;
      expect(audit.filter((item: { actor: string | null }) => item.actor === 'billing')).toHaveLength(1);

      // Paying twice changes nothing more.
      expect((await owner.call('POST', `/checkout-sessions/${created.body.id}/test-payment`)).status).toBe(
        200,
      );
      expect(
        (await owner.call('GET', '/audit')).body.items.filter(
          (item: { actor: string | null }) => item.actor === 'billing',
        ),
      ).toHaveLength(1);

      const group = await postGroup(owner, 'HQ');
      for (const cidr of ['10.0.1.0/24', '10.0.2.0/24', '10.0.3.0/24', '2001:db8::/120']) {
        expect((await postSubnet(owner, group.id, cidr)).status).toBe(201);
      }
    });

    it('BL-27: Cancel returns the cancel address and leaves the tier; a canceled checkout cannot be paid', async () => {
      const owner = await accountSession(t.current);
      const created = await owner.call('POST', '/checkout-sessions', { priceId: 'basic-month' });
      const canceled = await owner.call('POST', `/checkout-sessions/${created.body.id}/test-cancel`);
      expect(canceled.body.redirectUrl).toBe(`${t.current.baseUrl}/checkout/cancel`);
      expect((await owner.call('GET', `/checkout-sessions/${created.body.id}`)).body.status).toBe('canceled');
      const paid = await owner.call('POST', `/checkout-sessions/${created.body.id}/test-payment`);
      expect(paid.status).toBe(409);
      expect(paid.body.error).toBe('This checkout is no longer open.');
      expect((await owner.call('GET', '')).body.tier).toBe(0);
    });

    it('BL-25: a session past its 24 hours reads as expired, cannot be paid, and the sweep stores it so', async () => {
      const owner = await accountSession(t.current);
      const created = await owner.call('POST', '/checkout-sessions', { priceId: 'basic-month' });
      const stored = await t.current.db
        .selectFrom('checkout_sessions')
        .select(['created_at', 'expires_at'])
        .where('id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(24 * 60 * 60 * 1000);
      await t.current.db
        .updateTable('checkout_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', created.body.id)
        .execute();
      expect((await owner.call('GET', `/checkout-sessions/${created.body.id}`)).body.status).toBe('expired');
      const paid = await owner.call('POST', `/checkout-sessions/${created.body.id}/test-payment`);
      expect(paid.status).toBe(409);
      await expireCheckouts(t.current.db, new Date().toISOString());
      const row = await t.current.db
        .selectFrom('checkout_sessions')
        .select('status')
        .where('id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('expired');
      expect((await owner.call('GET', '')).body.tier).toBe(0);
    });

    it("another account's checkout session is a 404, to read and to pay", async () => {
      const owner = await accountSession(t.current);
      const created = await owner.call('POST', '/checkout-sessions', { priceId: 'basic-month' });
      const other = await accountSession(t.current);
      for (const [method, path] of [
        ['GET', ''],
        ['POST', '/test-payment'],
        ['POST', '/test-cancel'],
      ] as const) {
        const response = await other.call(method, `/checkout-sessions/${created.body.id}${path}`);
        expect(response.status).toBe(404);
      }
      expect((await owner.call('GET', '')).body.tier).toBe(0);
      expect((await owner.call('GET', `/checkout-sessions/${created.body.id}`)).body.status).toBe('open');
    });

    it('BL-34: the webhook is absent without Stripe, the config names the test provider, OpenAPI tags the routes billing', async () => {
      const webhook = await t.current
        .client()
        .post('/api/billing/webhook', { id: 'evt_1' }, { 'stripe-signature': 't=1,v1=x' });
      expect(webhook.status).toBe(404);
      expect((await t.current.client().get('/api/config')).body.billing).toBe('test');
      const spec = (await t.current.client().get('/api/openapi.json')).body;
      for (const path of [
        '/api/billing/products',
        '/api/billing/webhook',
        '/api/accounts/{accountId}/checkout-sessions',
      ]) {
        const operations = Object.values(spec.paths[path] as Record<string, { tags: string[] }>);
        expect(operations.every((operation) => operation.tags.includes('billing'))).toBe(true);
      }
    });
  });

  describeOn(dialect)(`self-hosted billing settings (${dialect})`, () => {
    const t = useTestApp(dialect, { BILLING: 'off', IPAM_DEFAULT_TIER: '1', IPAM_DEFAULT_MAXUSERS: '7' });

    it('BILLING=off refuses checkout; IPAM_DEFAULT_TIER and its limits apply to new accounts', async () => {
      const owner = await accountSession(t.current);
      expect((await owner.call('GET', '')).body).toMatchObject({ tier: 1, maxnetworks: 10, maxusers: 7 });
      const refused = await owner.call('POST', '/checkout-sessions', { priceId: 'enterprise-month' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('billing_disabled');
      expect((await t.current.client().get('/api/config')).body.billing).toBe('off');
    });
  });
}
