import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRedirectResponse,
  checkoutSessionCreatedResponse,
  checkoutSessionResponse,
  portalSessionResponse,
  productsResponse,
  subscriptionResponse,
} from '@ipam/core/api/billing';
import { errorResponse, noBody } from '@ipam/core/api/common';
import { messages } from '@ipam/core/messages';
import { checkoutSessionCreateSchema } from '@ipam/core/schemas/billing-schemas';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf, requireAccount, requireAuth } from '../http/request-context.js';
import { toCheckoutSession, toProduct } from './billing-view.js';
import { expireCheckouts, findCheckoutOfAccount } from './checkout-repository.js';
import { findPrice, listActiveProducts } from './product-repository.js';
import { openPortal, subscriptionOf } from './subscription.js';
import { startCheckout, type BillingSetup } from './start-checkout.js';
import { cancelTestCheckout, payTestCheckout } from './test-checkout.js';

const tags = ['billing'];
const accountParams = z.object({ accountId: z.string() });
const checkoutParams = z.object({ accountId: z.string(), checkoutId: z.string() });
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** Products, checkout sessions, the test provider's Pay and Cancel, the subscription and its portal. */
export function registerBillingRoutes(root: FastifyInstance, deps: AppDeps, setup: BillingSetup): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  scheduleCheckoutExpiry(root, db);
  // PUBLIC_URL, else the address this request reached: return addresses never come from the client (S20).
  const baseUrlOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/api/billing/products',
    {
      schema: {
        tags,
        summary: 'Active products with their active prices, by monthly price ascending (BL-6)',
        response: { 200: productsResponse, 401: errorResponse },
      },
    },
    async (request) => {
      requireAuth(request);
      return { items: (await listActiveProducts(db)).map(toProduct) };
    },
  );

  app.post(
    '/api/accounts/:accountId/checkout-sessions',
    {
      schema: {
        tags,
        summary: 'Start a checkout for a price (owner only); the server builds the return addresses (BL-7)',
        params: accountParams,
        body: checkoutSessionCreateSchema,
        response: { 201: checkoutSessionCreatedResponse, ...errors, 502: errorResponse },
      },
    },
    async (request, reply) => {
      const created = await startCheckout(
        changeContextOf(request, deps),
        setup,
        request.body,
        baseUrlOf(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/accounts/:accountId/checkout-sessions/:checkoutId',
    {
      schema: {
        tags,
        summary:
          "A checkout session of the account: the test page's details, the success page's confirmation",
        params: checkoutParams,
        response: { 200: checkoutSessionResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const checkout = await findCheckoutOfAccount(db, requireAccount(request).id, request.params.checkoutId);
      const price = checkout && (await findPrice(db, checkout.priceId));
      if (!checkout || !price) throw new DomainError('not_found', messages.checkoutNotFound);
      return toCheckoutSession(checkout, price);
    },
  );

  app.post(
    '/api/accounts/:accountId/checkout-sessions/:checkoutId/test-payment',
    {
      schema: {
        tags,
        summary: "The test provider's 'Pay (test)': completes the checkout as the webhook would (BL-9)",
        params: checkoutParams,
        body: noBody,
        response: { 200: checkoutRedirectResponse, ...errors },
      },
    },
    async (request) => ({
      redirectUrl: await payTestCheckout(
        changeContextOf(request, deps),
        setup,
        request.params.checkoutId,
        baseUrlOf(request),
      ),
    }),
  );

  app.post(
    '/api/accounts/:accountId/checkout-sessions/:checkoutId/test-cancel',
    {
      schema: {
        tags,
        summary: "The test provider's 'Cancel': the checkout is canceled (BL-9)",
        params: checkoutParams,
        body: noBody,
        response: { 200: checkoutRedirectResponse, ...errors },
      },
    },
    async (request) => ({
      redirectUrl: await cancelTestCheckout(
        changeContextOf(request, deps),
        setup,
        request.params.checkoutId,
        baseUrlOf(request),
      ),
    }),
  );

  app.get(
    '/api/accounts/:accountId/subscription',
    {
      schema: {
        tags,
        summary: "The account's subscription, and whether the caller can manage it in Stripe's portal",
        params: accountParams,
        response: { 200: subscriptionResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => subscriptionOf(changeContextOf(request, deps), setup),
  );

  app.post(
    '/api/accounts/:accountId/billing-portal-sessions',
    {
      schema: {
        tags,
        summary: "Open Stripe's customer portal for the account (owner only)",
        params: accountParams,
        body: noBody,
        response: { 201: portalSessionResponse, ...errors, 502: errorResponse },
      },
    },
    async (request, reply) => {
      const url = await openPortal(changeContextOf(request, deps), setup, `${baseUrlOf(request)}/settings`);
      return reply.status(201).send({ url });
    },
  );
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
