import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import { getSourceJson, sourceBaseUrl, type SourceLimits } from './source-fetch.js';

/** Where and how to reach a phpIPAM REST API. */
export interface PhpipamConnection {
  /** phpIPAM's URL (`https://ipam.example/`), or its API's (`…/api/` or `…/api/<appId>/`). */
  url: string;
  /** The API app id (Administration › API). */
  appId: string;
  /** An app code token or a user token; sent in the `token` header, never shown. */
  token: string;
  limits?: SourceLimits;
}

/** GETs routes of one phpIPAM API app. */
export interface PhpipamApi {
  /** "phpIPAM at <base URL>", without the token. */
  label: string;
  /**
   * The `data` of a route's answer (`sections/`), or null when phpIPAM answers 404 with a message
   * matching `emptyWhen`: phpIPAM says "empty" with a 404 (quirk 2), so only its message tells an empty
   * list from a missing object. Any other answer than 200 is a DomainError naming the source.
   */
  get(route: string, emptyWhen?: RegExp): Promise<unknown>;
}

/**
 * The API's base URL, `<phpIPAM>/api/<appId>/`. A URL that already ends in `/api/` or in
 * `/api/<appId>/` is taken as it is; one ending in `/api/<another app>/` is refused rather than guessed.
 */
export function phpipamApiBase(url: string, appId: string): URL {
  const base = sourceBaseUrl(url);
  const segments = base.pathname.split('/').filter((segment) => segment !== '');
  const last = segments.at(-1);
  if (last === 'api') {
    base.pathname += `${encodeURIComponent(appId)}/`;
  } else if (segments.at(-2) === 'api' && last !== undefined) {
    if (decodeURIComponent(last) !== appId) {
      const message = messages.phpipamUrlNamesOtherApp(decodeURIComponent(last), appId);
      throw new DomainError('validation_failed', message, { url: message });
    }
  } else {
    base.pathname += `api/${encodeURIComponent(appId)}/`;
  }
  return base;
}

/** phpIPAM's `message` of an error answer, short. */
function messageOf(body: unknown): string {
  const message =
    body !== null && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message.trim().slice(0, 300) : '';
}

/** A client of one phpIPAM API app. The token goes in a header only, never into a URL or a message. */
export function phpipamApi(connection: PhpipamConnection): PhpipamApi {
  const base = phpipamApiBase(connection.url, connection.appId);
  const label = `phpIPAM at ${base.href}`;
  const token = connection.token.trim();
  // A header value with a line break or a control character makes fetch throw an error that quotes it.
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new DomainError('validation_failed', messages.sourceTokenMalformed, {
      token: messages.sourceTokenMalformed,
    });
  }
  return {
    label,
    async get(route, emptyWhen) {
      const answer = await getSourceJson(new URL(route, base), { token }, label, connection.limits);
      const { status, body } = answer;
      if (status === 200) {
        // Every answer has `code` and `success`; `sections/` of an installation without any has no `data`.
        if (body === null || typeof body !== 'object' || !('success' in body)) {
          throw new DomainError('source_unreadable', messages.phpipamNotApi(label, route));
        }
        return 'data' in body ? body.data : null;
      }
      if (status === 401 || status === 403) {
        throw new DomainError('source_refused', messages.sourceRefusedToken(label, status));
      }
      const message = messageOf(body);
      if (status === 400 && /invalid application id/i.test(message)) {
        throw new DomainError('source_refused', messages.phpipamAppUnknown(label, connection.appId));
      }
      if (status === 404 && emptyWhen?.test(message)) return null;
      throw new DomainError('source_unreadable', messages.sourceAnswered(label, status, message));
    },
  };
}
