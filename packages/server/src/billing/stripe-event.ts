import { z } from 'zod';
import { isoFromSeconds, type BillingEvent } from './billing-event.js';
import { MalformedEventError } from './checkout-provider.js';

/*
 * The parts of Stripe's event bodies we read, checked before use: a correctly signed body is still
 * outside input (a Stripe API version change, or a test event built by hand), and reading a missing
 * field used to throw a TypeError, a 500 that Stripe retries for days.
 */
const idRef = z.union([z.string().min(1), z.object({ id: z.string().min(1) })]).nullish();

const envelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.unknown() }),
});

const checkoutSession = z.object({
  id: z.string().min(1),
  metadata: z.record(z.string(), z.string()).nullish(),
  subscription: idRef,
  customer: idRef,
});

const subscription = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  ended_at: z.number().nullish(),
  items: z.object({
    data: z.array(
      z.object({ current_period_end: z.number().nullish(), price: z.object({ id: z.string().min(1) }) }),
    ),
  }),
});

const deletedSubscription = subscription.pick({ id: true, ended_at: true });

function idOf(value: z.infer<typeof idRef>): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function parsed<T extends z.ZodType>(schema: T, value: unknown, eventId: string | null): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new MalformedEventError(eventId);
  return result.data;
}

/** A verified Stripe event body in our terms; other event types become 'other'. Throws MalformedEventError. */
export function toBillingEvent(body: unknown): BillingEvent {
  const maybeId = z.object({ id: z.string() }).safeParse(body);
  const eventId = maybeId.success ? maybeId.data.id : null;
  const event = parsed(envelope, body, eventId);
  const object = event.data.object;
  if (event.type === 'checkout.session.completed') {
    const session = parsed(checkoutSession, object, event.id);
    return {
      id: event.id,
      type: event.type,
      checkoutId: session.metadata?.checkoutId ?? null,
      providerSessionId: session.id,
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
    };
  }
  if (event.type === 'customer.subscription.updated') {
    const updated = parsed(subscription, object, event.id);
    const item = updated.items.data[0];
    return {
      id: event.id,
      type: event.type,
      subscriptionId: updated.id,
      status: updated.status,
      periodEnd: isoFromSeconds(item?.current_period_end),
      providerPriceId: item?.price.id ?? null,
    };
  }
  if (event.type === 'customer.subscription.deleted') {
    const deleted = parsed(deletedSubscription, object, event.id);
    return {
      id: event.id,
      type: event.type,
      subscriptionId: deleted.id,
      endedAt: isoFromSeconds(deleted.ended_at),
    };
  }
  return { id: event.id, type: 'other', providerType: event.type };
}
