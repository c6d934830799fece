import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got. */
export interface ReceivedDelivery {
  /** The request's path and query (tells webhooks pointed at one receiver apart). */
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed (the event). */
  event: {
    id: string;
    type: string;
    createdAt: string;
    accountId: string;
    data: { before: unknown; after: unknown };
  };
  /** What the receiver answered. */
  status: number;
}

/** A loopback HTTP server standing in for a webhook's receiver. */
export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The status to answer the n-th request from now (1-based); 200 unless changed; 0 never answers. */
  respondWith(status: (n: number) => number): void;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 (a free port, or `port`). */
export async function startWebhookReceiver(port = 0, delayMs = 0): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  let statusOf: (n: number) => number = () => 200;
  let count = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      count += 1;
      const status = statusOf(count);
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, rawBody, event: JSON.parse(rawBody), status });
      if (status === 0) return;
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : 'not now');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    received,
    respondWith: (fn) => {
      statusOf = fn;
      count = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Checks a `Webhook-Signature` header the way docs/webhooks.md tells receivers to. */
export function isValidSignature(secret: string, header: string | undefined, rawBody: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${rawBody}`).digest();
  const given = Buffer.from(match[2], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Waits until `check` holds, polling every 20 ms. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
