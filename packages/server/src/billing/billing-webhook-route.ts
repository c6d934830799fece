import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webhookReceiptResponse } from '@ipam/core/api/billing';
import { errorResponse } from '@ipam/core/api/common';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../http/app-deps.js';
import { applyBillingEvent } from './apply-billing-event.js';
import { MalformedEventError, WebhookSignatureError, type CheckoutProvider } from './checkout-provider.js';

/**
 * POST /api/billing/webhook (BL-10, BL-34): Stripe's events, read as the raw body (the signature is
 * over its exact bytes) and verified with STRIPE_WEBHOOK_SECRET; a bad signature is a 400 and
 * changes nothing, and so is a signed event that lacks what its type must carry (logged with its id).
 * Registered in its own scope, whose JSON parser keeps the bytes; it skips the Origin/JSON write
 * guard (its signature is its proof). Without Stripe there is no webhook (404).
 */
export async function registerBillingWebhook(
  root: FastifyInstance,
  deps: AppDeps,
  provider: CheckoutProvider,
): Promise<void> {
  await root.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/billing/webhook',
      {
        config: { isExemptFromWriteGuard: true },
        schema: {
          tags: ['billing'],
          summary: "Stripe's webhook: checkout.session.completed, customer.subscription.updated|deleted",
          description:
            'Verified by the Stripe-Signature header, not by session or Origin; each event id is applied once.',
          security: [],
          response: {
            200: webhookReceiptResponse,
            400: errorResponse,
            404: errorResponse,
            422: errorResponse,
          },
        },
      },
      async (request) => {
        if (provider.kind !== 'stripe') throw new DomainError('not_found', messages.notFound);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        let event;
        try {
          event = provider.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            request.log.warn('billing webhook with a bad signature refused');
            throw new DomainError('signature_invalid', messages.webhookSignatureInvalid);
          }
          if (error instanceof MalformedEventError) {
            request.log.warn({ eventId: error.eventId }, 'billing webhook with a malformed event refused');
            throw new DomainError('event_malformed', messages.webhookEventMalformed);
          }
          throw error;
        }
        const outcome = await applyBillingEvent(
          { db: deps.db, events: deps.events, log: request.log },
          event,
        );
        request.log.info({ eventId: event.id, eventType: event.type, outcome }, 'billing event');
        return { received: true as const, outcome };
      },
    );
  });
}
