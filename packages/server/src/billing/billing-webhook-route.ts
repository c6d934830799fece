import type { FastifyInstance } from 'fastify';
import { billingRoutes } from '@ipam/core/api/routes/billing';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
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
    registerRoute(
      scope,
      billingRoutes.webhook,
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
      { config: { isExemptFromWriteGuard: true } },
    );
  });
}
