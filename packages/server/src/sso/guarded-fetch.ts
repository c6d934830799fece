import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkedLookup, urlProblem, type OutboundPolicy } from '../webhooks/safe-post.js';

/** The largest answer an identity provider may send (discovery, keys, tokens, user info). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** What the OpenID library hands a custom fetch. */
interface FetchOptions {
  body?: unknown;
  headers: Record<string, string>;
  method: string;
  signal?: AbortSignal;
}

function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new Error('unexpected request body');
}

/**
 * A fetch for an account's own identity provider: its owner chose the address, so it may reach only
 * public addresses (checked after DNS, connecting to the address checked: `webhooks/safe-post.ts`)
 * unless the operator allows private ones; no redirect is followed and answers are capped.
 */
export function guardedFetch(policy: OutboundPolicy) {
  return (urlText: string, options: FetchOptions): Promise<Response> => {
    const url = new URL(urlText);
    const problem = urlProblem(url, policy);
    if (problem !== null) return Promise.reject(new Error(problem));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const body = bodyText(options.body);
    return new Promise<Response>((resolve, reject) => {
      const request = send(
        url,
        {
          method: options.method,
          headers:
            body === undefined
              ? options.headers
              : { ...options.headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: checkedLookup(policy),
          agent: false,
          ...(options.signal ? { signal: options.signal } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) response.destroy(new Error('the provider answered too much'));
            else chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 502;
            const hasBody = status !== 204 && status !== 304;
            resolve(
              new Response(hasBody ? Buffer.concat(chunks) : null, {
                status,
                headers: headersOf(response.headers),
              }),
            );
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}
