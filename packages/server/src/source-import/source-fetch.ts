import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';

/** How long one request to a source may take, and how large one answer may be. */
export interface SourceLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** 60 s a request; 256 MB an answer (phpIPAM sends a subnet's addresses in one answer, ~400 bytes each). */
export const DEFAULT_SOURCE_LIMITS: SourceLimits = { timeoutMs: 60_000, maxBytes: 256 * 1024 * 1024 };

/** One answer of a source: its status and its body parsed as JSON. */
export interface SourceAnswer {
  status: number;
  body: unknown;
}

/** Why a request failed, in words for people (the cause's code, never the request's headers). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET') return 'connection reset';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (typeof code === 'string' && code.startsWith('ERR_TLS')) return 'TLS failed';
  if (typeof code === 'string' && code.includes('CERT')) return 'its TLS certificate is not trusted';
  // fetch refuses ports of other protocols (SMTP's 25, discard's 9 …) without connecting.
  if (cause instanceof Error && cause.message === 'bad port')
    return 'fetch refuses that port (it belongs to another protocol)';
  return cause instanceof Error ? cause.message : 'the request failed';
}

/** Reads a body up to `maxBytes`, refusing a larger one without holding it. */
async function readCapped(response: Response, source: string, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  const tooLarge = () =>
    new DomainError(
      'source_too_large',
      messages.sourceAnswerTooLarge(source, Math.round(maxBytes / 1024 / 1024)),
    );
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * GETs `url` from a source (named `source` in messages, e.g. "phpIPAM at http://…/api/app/") with its
 * auth headers, a timeout and a size cap. Any HTTP status comes back for the caller to read (phpIPAM
 * answers 404 for an empty list); what is not an answer is a DomainError naming the source: unreachable,
 * timed out, too large, not JSON. The headers (the token) never appear in an error.
 */
export async function getSourceJson(
  url: URL,
  headers: Record<string, string>,
  source: string,
  limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
): Promise<SourceAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new DomainError('source_unreachable', messages.sourceTimedOut(source, limits.timeoutMs / 1000));
    }
    throw new DomainError('source_unreachable', messages.sourceUnreachable(source, reasonOf(error)));
  }
  let text: string;
  try {
    text = await readCapped(response, source, limits.maxBytes);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new DomainError('source_unreachable', messages.sourceTimedOut(source, limits.timeoutMs / 1000));
    }
    throw new DomainError('source_unreachable', messages.sourceUnreachable(source, reasonOf(error)));
  }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    if (response.status === 401 || response.status === 403) return { status: response.status, body: null };
    throw new DomainError('source_unreadable', messages.sourceNotJson(source, url.pathname));
  }
}

/** The source's base URL checked: http or https, no credentials in it; a trailing slash added. */
export function sourceBaseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new DomainError('validation_failed', messages.sourceUrlInvalid, { url: messages.sourceUrlInvalid });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new DomainError('validation_failed', messages.sourceUrlInvalid, { url: messages.sourceUrlInvalid });
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}
