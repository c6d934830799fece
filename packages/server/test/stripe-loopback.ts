import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';

/** A request the fake Stripe API received: its path and its form-encoded parameters. */
export interface StripeCall {
  path: string;
  params: URLSearchParams;
  authorization: string | undefined;
}

/**
 * A loopback HTTP server answering like Stripe's API for the two calls we make (checkout sessions
 * and billing portal sessions), so the Stripe provider is tested without the network. `failing`
 * makes it answer a 500 API error.
 */
export interface StripeLoopback {
  target: { host: string; port: number; protocol: 'http' };
  calls: StripeCall[];
  failing: boolean;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake Stripe API on 127.0.0.1 with a free port. */
export async function startStripeLoopback(): Promise<StripeLoopback> {
  let count = 0;
  const state: StripeLoopback = {
    target: { host: '127.0.0.1', port: 0, protocol: 'http' },
    calls: [],
    failing: false,
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const path = request.url ?? '';
      state.calls.push({
        path,
        params: new URLSearchParams(body),
        authorization: request.headers.authorization,
      });
      response.setHeader('content-type', 'application/json');
      if (state.failing) {
        response.statusCode = 500;
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is having a bad day' } }));
        return;
      }
      count += 1;
      if (path === '/v1/checkout/sessions') {
        const id = `cs_test_loop${count}`;
        response.end(
          JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}` }),
        );
      } else if (path === '/v1/billing_portal/sessions') {
        response.end(
          JSON.stringify({
            id: `bps_${count}`,
            object: 'billing_portal.session',
            url: 'https://billing.stripe.test/p/session',
          }),
        );
      } else {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown path' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  state.target.port = typeof address === 'object' && address ? address.port : 0;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/**
 * beforeAll/afterAll: the fake Stripe API for the enclosing describe block. `target` is filled in
 * before the app starts (pass it as the app's `stripeApi`, and call this before useTestApp).
 */
export function useStripeLoopback(): {
  target: StripeLoopback['target'];
  readonly current: StripeLoopback;
} {
  const target: StripeLoopback['target'] = { host: '127.0.0.1', port: 0, protocol: 'http' };
  let stripe: StripeLoopback | undefined;
  beforeAll(async () => {
    stripe = await startStripeLoopback();
    target.port = stripe.target.port;
  });
  afterAll(async () => stripe?.close());
  return {
    target,
    get current() {
      if (!stripe) throw new Error('Stripe loopback not ready (use it inside a test)');
      return stripe;
    },
  };
}

/** The webhook secret the tests configure, and a key that never leaves loopback. */
export const stripeTestEnv = {
  STRIPE_SECRET_KEY: 'sk_test_offline123',
  STRIPE_WEBHOOK_SECRET: 'whsec_offline123',
};

const signer = new Stripe(stripeTestEnv.STRIPE_SECRET_KEY);

/** A Stripe event body and its Stripe-Signature header, signed offline (BL-39). */
export function signedEvent(
  id: string,
  type: string,
  object: Record<string, unknown>,
  secret = stripeTestEnv.STRIPE_WEBHOOK_SECRET,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}
