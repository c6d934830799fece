import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { logCollector, useTestApp } from '../../test/factories.js';
import { accountSession } from '../../test/ipam-factories.js';
import { signedEvent, stripeTestEnv, useStripeLoopback } from '../../test/stripe-loopback.js';
import { setProviderPriceId } from './product-repository.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`billing secrets stay out of the logs (${dialect})`, () => {
    const logs = logCollector();
    const stripe = useStripeLoopback();
    const t = useTestApp(
      dialect,
      { ...stripeTestEnv, LOG_LEVEL: 'trace', LOG_FORMAT: 'json' },
      { logStream: logs.stream, stripeApi: stripe.target },
    );

    it('BL-36: a failing provider, a forged webhook and a good one log no key, secret or signature', async () => {
      await setProviderPriceId(t.current.db, 'basic-month', 'price_basic_month');
      const owner = await accountSession(t.current);
      stripe.current.failing = true;
      expect((await owner.call('POST', '/checkout-sessions', { priceId: 'basic-month' })).status).toBe(502);
      stripe.current.failing = false;
      const forged = signedEvent('evt_log_1', 'invoice.paid', { id: 'in_1' }, 'whsec_forgedsecret1');
      expect(
        (
          await t.current
            .client()
            .post('/api/billing/webhook', forged.payload, { 'stripe-signature': forged.signature })
        ).status,
      ).toBe(400);
      const good = signedEvent('evt_log_2', 'invoice.paid', { id: 'in_2' });
      expect(
        (
          await t.current
            .client()
            .post('/api/billing/webhook', good.payload, { 'stripe-signature': good.signature })
        ).status,
      ).toBe(200);
      expect(stripe.current.calls[0]?.authorization).toBe(`Bearer ${stripeTestEnv.STRIPE_SECRET_KEY}`);
      expect(logs.text()).toContain('checkout provider failed');
      expect(logs.text()).toContain('billing webhook with a bad signature refused');
      for (const secret of [
        stripeTestEnv.STRIPE_SECRET_KEY,
        stripeTestEnv.STRIPE_WEBHOOK_SECRET,
        'whsec_forgedsecret1',
        forged.signature,
        good.signature,
      ]) {
        expect(logs.text()).not.toContain(secret);
      }
    });
  });
}
