import { z } from 'zod';
import { messages } from '../../messages.js';
import { checkoutSessionCreateSchema } from '../../schemas/billing-schemas.js';
import {
  checkoutRedirectResponse,
  checkoutSessionCreatedResponse,
  checkoutSessionResponse,
  portalSessionResponse,
  productsResponse,
  subscriptionResponse,
  webhookReceiptResponse,
} from '../billing.js';
import { errorResponse, noBody } from '../common.js';
import { conflictingWriteErrors, readErrors } from '../route-errors.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['billing'];
const checkoutParams = accountParams.extend({ checkoutId: z.string() });

/** Products, checkout sessions, the test provider's Pay and Cancel, the subscription, its portal, Stripe's webhook. */
export const billingRoutes = {
  products: defineRoute({
    method: 'GET',
    path: '/api/billing/products',
    tags,
    summary: 'Active products with their active prices, by monthly price ascending (BL-6)',
    responses: { 200: productsResponse, 401: errorResponse },
  }),
  startCheckout: defineRoute({
    method: 'POST',
    minRole: 'owner',
    roleRefusal: messages.ownerOnlyPlan,
    path: '/api/accounts/:accountId/checkout-sessions',
    tags,
    summary: 'Start a checkout for a price (owner only); the server builds the return addresses (BL-7)',
    params: accountParams,
    body: checkoutSessionCreateSchema,
    responses: { 201: checkoutSessionCreatedResponse, ...conflictingWriteErrors, 502: errorResponse },
  }),
  checkout: defineRoute({
    method: 'GET',
    minRole: 'owner',
    roleRefusal: messages.ownerOnlyPlan,
    path: '/api/accounts/:accountId/checkout-sessions/:checkoutId',
    tags,
    summary: "A checkout session of the account: the test page's details, the success page's confirmation",
    params: checkoutParams,
    responses: { 200: checkoutSessionResponse, ...readErrors },
  }),
  payTestCheckout: defineRoute({
    method: 'POST',
    minRole: 'owner',
    roleRefusal: messages.ownerOnlyPlan,
    path: '/api/accounts/:accountId/checkout-sessions/:checkoutId/test-payment',
    tags,
    summary: "The test provider's 'Pay (test)': completes the checkout as the webhook would (BL-9)",
    params: checkoutParams,
    body: noBody,
    responses: { 200: checkoutRedirectResponse, ...conflictingWriteErrors },
  }),
  cancelTestCheckout: defineRoute({
    method: 'POST',
    minRole: 'owner',
    roleRefusal: messages.ownerOnlyPlan,
    path: '/api/accounts/:accountId/checkout-sessions/:checkoutId/test-cancel',
    tags,
    summary: "The test provider's 'Cancel': the checkout is canceled (BL-9)",
    params: checkoutParams,
    body: noBody,
    responses: { 200: checkoutRedirectResponse, ...conflictingWriteErrors },
  }),
  subscription: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/subscription',
    tags,
    summary: "The account's subscription, and whether the caller can manage it in Stripe's portal",
    params: accountParams,
    responses: { 200: subscriptionResponse, ...readErrors },
  }),
  openPortal: defineRoute({
    method: 'POST',
    minRole: 'owner',
    roleRefusal: messages.ownerOnlyPlan,
    path: '/api/accounts/:accountId/billing-portal-sessions',
    tags,
    summary: "Open Stripe's customer portal for the account (owner only)",
    params: accountParams,
    body: noBody,
    responses: { 201: portalSessionResponse, ...conflictingWriteErrors, 502: errorResponse },
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/api/billing/webhook',
    tags,
    summary: "Stripe's webhook: checkout.session.completed, customer.subscription.updated|deleted",
    description:
      'Verified by the Stripe-Signature header, not by session or Origin; each event id is applied once.',
    security: [],
    responses: {
      200: webhookReceiptResponse,
      400: errorResponse,
      404: errorResponse,
      422: errorResponse,
    },
  }),
};
