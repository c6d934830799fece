import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy.js';

/** Where a webhook may connect (config.webhooks). */
export interface OutboundPolicy {
  allowPrivate: boolean;
  allowHttp: boolean;
}

/** How a POST went: an answer (status and its first 1 KB), or an error; `isRefused` when policy forbade it. */
export interface PostResult {
  status: number | null;
  responseExcerpt: string | null;
  error: string | null;
  isRefused: boolean;
}

/** Thrown by the pinned lookup when every address of the host is one webhooks may not reach. */
class RefusedAddressError extends Error {
  constructor(readonly host: string) {
    super(`refused: ${host} resolves only to private, loopback or link-local addresses`);
  }
}

const EXCERPT_BYTES = 1024;

/**
 * The lookup the socket uses: resolves the host, keeps only addresses the policy allows and answers
 * those, so the connection goes to an address that was checked (a DNS answer that changes between a
 * check and the connect — DNS rebinding — cannot slip a private address in).
 */
export function checkedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter((entry) => policy.allowPrivate || isPublicAddress(entry.address));
      const first = allowed[0];
      if (!first) return callback(new RefusedAddressError(hostname), '', 0);
      if (options.all) return callback(null, allowed);
      return callback(null, first.address, first.family);
    });
  };
}

/** Reads the first KB of an answer and drops the rest. */
function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      if (size < EXCERPT_BYTES) chunks.push(chunk);
      size += chunk.length;
      if (size >= EXCERPT_BYTES) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

/** Why a URL may not be posted to before any connection, or null. */
export function urlProblem(url: URL, policy: OutboundPolicy): string | null {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp))
    return 'refused: not https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !policy.allowPrivate && !isPublicAddress(host)) {
    return `refused: ${host} is a private, loopback or link-local address`;
  }
  return null;
}

/**
 * POSTs `body` to `url` with `headers`, under the outbound policy: https only (unless allowed), only
 * to public addresses after DNS resolution (unless allowed), connecting to the address checked,
 * following no redirect, aborted by `signal`.
 */
export async function safePost(
  urlText: string,
  body: string,
  headers: Record<string, string>,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<PostResult> {
  const url = new URL(urlText);
  const problem = urlProblem(url, policy);
  if (problem !== null) return { status: null, responseExcerpt: null, error: problem, isRefused: true };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostResult>((resolve) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: checkedLookup(policy),
        signal,
        // No pooling: each delivery connects afresh, so every connection's address is checked.
        agent: false,
      },
      (response) => {
        void readExcerpt(response).then((text) =>
          resolve({
            status: response.statusCode ?? null,
            responseExcerpt: text,
            error: null,
            isRefused: false,
          }),
        );
      },
    );
    request.on('error', (error) => {
      const isRefused = error instanceof RefusedAddressError;
      const message = signal.aborted ? 'timed out' : error.message;
      resolve({ status: null, responseExcerpt: null, error: message, isRefused });
    });
    request.end(body);
  });
}
