import type { FastifyInstance, FastifyRequest } from 'fastify';
import { billingRoutes } from '@ipam/core/api/routes/billing';
import { messages } from '@ipam/core/messages';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount, requireAuth } from '../auth/request-context.js';
import { toCheckoutSession, toProduct } from './billing-view.js';
import { expireCheckouts, findCheckoutOfAccount } from './checkout-repository.js';
import { findPrice } from './product-repository.js';
import { openPortal, subscriptionOf } from './subscription.js';
import { listPurchasableProducts, startCheckout, type BillingSetup } from './start-checkout.js';
import { cancelTestCheckout, payTestCheckout } from './test-checkout.js';

/** Products, checkout sessions, the test provider's Pay and Cancel, the subscription and its portal. */
export function registerBillingRoutes(app: FastifyInstance, deps: AppDeps, setup: BillingSetup): void {
  const { db, config } = deps;
  scheduleCheckoutExpiry(app, db);
  // PUBLIC_URL, else the address this request reached: return addresses never come from the client (S20).
  const baseUrlOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  registerRoute(app, billingRoutes.products, async (request) => {
    requireAuth(request);
    return { items: (await listPurchasableProducts(db, setup)).map(toProduct) };
  });

  registerRoute(app, billingRoutes.startCheckout, async (request, reply) => {
    const created = await startCheckout(
      changeContextOf(request, deps),
      setup,
      request.body,
      baseUrlOf(request),
    );
    return reply.status(201).send(created);
  });

  registerRoute(app, billingRoutes.checkout, async (request) => {
    const checkout = await findCheckoutOfAccount(db, requireAccount(request).id, request.params.checkoutId);
    const price = checkout && (await findPrice(db, checkout.priceId));
    if (!checkout || !price) throw new DomainError('not_found', messages.checkoutNotFound);
    return toCheckoutSession(checkout, price);
  });

  registerRoute(app, billingRoutes.payTestCheckout, async (request) => ({
    redirectUrl: await payTestCheckout(
      changeContextOf(request, deps),
      setup,
      request.params.checkoutId,
      baseUrlOf(request),
    ),
  }));

  registerRoute(app, billingRoutes.cancelTestCheckout, async (request) => ({
    redirectUrl: await cancelTestCheckout(
      changeContextOf(request, deps),
      setup,
      request.params.checkoutId,
      baseUrlOf(request),
    ),
  }));

  registerRoute(app, billingRoutes.subscription, async (request) =>
    subscriptionOf(changeContextOf(request, deps), setup),
  );

  registerRoute(app, billingRoutes.openPortal, async (request, reply) => {
    const url = await openPortal(changeContextOf(request, deps), setup, `${baseUrlOf(request)}/settings`);
    return reply.status(201).send({ url });
  });
}

/** Marks open checkouts past their 24 hours as expired, at start and hourly (BL-25). */
function scheduleCheckoutExpiry(app: FastifyInstance, db: Db): void {
  const sweep = () =>
    expireCheckouts(db, nowIso()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'checkout expiry failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), 60 * 60 * 1000).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
