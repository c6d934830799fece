import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { logCollector, useTestApp } from '../../test/factories.js';
import { accountSession } from '../../test/ipam-factories.js';
import { signedEvent, stripeTestEnv, useStripeLoopback } from '../../test/stripe-loopback.js';
import { setProviderPriceId } from './product-repository.js';

describeEachDialect('billing webhook: correctly signed but malformed events (issue 36)', (dialect) => {
  const logs = logCollector();
  const stripe = useStripeLoopback();
  const t = useTestApp(
    dialect,
    { ...stripeTestEnv, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    { logStream: logs.stream, stripeApi: stripe.target },
  );

  async function deliver(event: { payload: string; signature: string }) {
    return t.current
      .client()
      .post('/api/billing/webhook', event.payload, { 'stripe-signature': event.signature });
  }

  it('answers 400 with a stable code, logs the event id and records nothing, so a good redelivery applies', async () => {
    await setProviderPriceId(t.current.db, 'basic-month', 'price_basic_month');
    const owner = await accountSession(t.current);
    const created = await owner.call('POST', '/checkout-sessions', { priceId: 'basic-month' });
    expect(created.status).toBe(201);
    const providerSessionId = new URL(created.body.url).pathname.split('/').at(-1) ?? '';
    const malformed = [
      // A subscription update without its items (read as items.data[0] before).
      signedEvent('evt_bad_items', 'customer.subscription.updated', {
        id: 'sub_bad',
        object: 'subscription',
        status: 'active',
      }),
      // A completed checkout whose metadata holds an object where Stripe sends strings.
      signedEvent('evt_bad_meta', 'checkout.session.completed', {
        id: providerSessionId,
        object: 'checkout.session',
        metadata: { checkoutId: { id: created.body.id } },
        subscription: { object: 'subscription' },
      }),
      // A subscription without its id.
      signedEvent('evt_no_object', 'customer.subscription.deleted', {}),
    ];
    for (const event of malformed) {
      const refused = await deliver(event);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        error: 'The webhook event lacks fields its type must carry.',
        code: 'event_malformed',
      });
    }
    for (const id of ['evt_bad_items', 'evt_bad_meta', 'evt_no_object']) {
      expect(logs.text()).toMatch(new RegExp(`"eventId":"${id}".*malformed event refused`));
    }
    expect((await owner.call('GET', '')).body.tier).toBe(0);
    const good = signedEvent('evt_bad_meta', 'checkout.session.completed', {
      id: providerSessionId,
      object: 'checkout.session',
      metadata: { checkoutId: created.body.id },
      subscription: 'sub_good',
      customer: 'cus_good',
    });
    const applied = await deliver(good);
    expect(applied.body).toEqual({ received: true, outcome: 'applied' });
    expect((await owner.call('GET', '')).body.tier).toBe(1);
  });
});
