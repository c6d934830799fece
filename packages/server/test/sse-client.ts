import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import type { TestClient } from './factories.js';

/** An event as the stream sends it. */
export interface StreamEvent {
  kind: string;
  id: string;
  subnetId?: string;
}

/** An open (or refused) Server-Sent Events request, read as it arrives. */
export interface SseConnection {
  status: number;
  headers: Headers;
  /** The JSON error body when the server refused the stream. */
  errorBody: unknown;
  /** Every `data:` event received so far, parsed. */
  events: StreamEvent[];
  /** Every `:` comment line received so far (without the colon). */
  comments: string[];
  /** The first event (received already or later) matching `predicate`; rejects after `timeoutMs`. */
  waitFor(predicate: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Disconnects from the client side. */
  close(): void;
}

/** The cookie header of a test client (its session). */
export function cookieOf(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * Status, headers and the body as a stream of text, over node:http, or node:https trusting only `ca`
 * (one connection of its own).
 */
function get(
  url: string,
  headers: Record<string, string>,
  localAddress?: string,
  ca?: string,
): Promise<{ response: IncomingMessage; request: ClientRequest }> {
  return new Promise((resolve, reject) => {
    // agent: false gives the stream its own connection; closing it leaves no pooled socket behind.
    const options = { headers, agent: false, ...(localAddress ? { localAddress } : {}) };
    const onResponse = (response: IncomingMessage) => resolve({ response, request });
    const request = url.startsWith('https:')
      ? httpsGet(url, { ...options, ...(ca ? { ca } : {}) }, onResponse)
      : httpGet(url, options, onResponse);
    request.on('error', reject);
  });
}

/**
 * Opens `url` as an event stream with the given cookie header (from a loopback `localAddress`); an
 * https URL is trusted when its certificate is `ca`.
 */
export async function openEventStream(
  url: string,
  cookie = '',
  localAddress?: string,
  ca?: string,
): Promise<SseConnection> {
  const { response, request } = await get(
    url,
    { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    localAddress,
    ca,
  );
  response.setEncoding('utf8');
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let isEnded = false;
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const status = response.statusCode ?? 0;
  let errorBody: unknown = undefined;
  let buffer = '';
  const ended = new Promise<void>((resolve) => {
    const finish = () => {
      if (isEnded) return;
      isEnded = true;
      notify();
      resolve();
    };
    response.on('end', finish);
    response.on('close', finish);
    response.on('error', finish);
  });
  if (status !== 200) {
    let text = '';
    response.on('data', (chunk: string) => (text += chunk));
    await ended;
    errorBody = text ? JSON.parse(text) : undefined;
  } else {
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of block.split('\n')) {
          if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as StreamEvent);
          else if (line.startsWith(':')) comments.push(line.slice(1).trim());
        }
      }
      notify();
    });
  }

  return {
    status,
    headers,
    errorBody,
    events,
    comments,
    ended,
    isEnded: () => isEnded,
    close: () => request.destroy(),
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found) {
            finish();
            resolve(found);
          } else if (isEnded) {
            finish();
            reject(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** Waits until `condition` holds, polling; rejects after `timeoutMs`. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
