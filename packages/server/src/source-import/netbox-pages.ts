import { messages } from '@ipam/core/messages';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import { getSourceJson, type SourceLimits } from './source-fetch.js';

/** One NetBox to read: its API root, the Authorization header and the limits of one request. */
export interface NetboxApi {
  /** "NetBox at https://nb.example/api/": names it in messages, without the token. */
  label: string;
  /** The API root, ending in "/api/". */
  root: URL;
  headers: Record<string, string>;
  limits: SourceLimits;
}

/** One page of a NetBox list: how many objects the whole list holds, and this page's. */
export interface NetboxPage {
  count: number;
  results: unknown[];
}

/** Objects asked for a page: NetBox's default MAX_PAGE_SIZE (a server with a smaller one sends fewer). */
export const NETBOX_PAGE_SIZE = 1000;

const pageSchema = z.object({
  count: z.number().int().nonnegative(),
  next: z.string().nullish(),
  results: z.array(z.unknown()),
});
type RawPage = z.infer<typeof pageSchema>;

/** NetBox's `detail`, short and without its final period, for a message. */
function detailOf(body: unknown): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? detail.trim().slice(0, 200).replace(/\.$/, '') : '';
}

async function readPage(api: NetboxApi, url: URL, what: string): Promise<RawPage> {
  const answer = await getSourceJson(url, api.headers, api.label, api.limits);
  if (answer.status === 401 || answer.status === 403) {
    // A good token whose user may not view the list gets DRF's permission refusal, not "Invalid token".
    if (detailOf(answer.body).startsWith('You do not have permission')) {
      throw new DomainError('source_refused', messages.sourceTokenNotPermitted(api.label, what));
    }
    throw new DomainError('source_refused', messages.sourceRefusedToken(api.label, answer.status));
  }
  if (answer.status !== 200) {
    throw new DomainError(
      'source_unreadable',
      messages.sourceAnswered(api.label, answer.status, detailOf(answer.body)),
    );
  }
  const page = pageSchema.safeParse(answer.body);
  if (!page.success)
    throw new DomainError('source_unreadable', messages.sourceNotList(api.label, url.pathname));
  return page.data;
}

/**
 * The URL to read a `next` link at. Requests go only to the address entered, so the token goes nowhere
 * else: a link to another host is refused. A NetBox behind a TLS proxy that does not pass the scheme
 * or port names itself "http://" or by its backend port in links; the same host's page is read at
 * the address entered. The link must be to the same list.
 */
function nextUrl(api: NetboxApi, link: string, current: URL): URL {
  let next: URL;
  try {
    next = new URL(link, current);
  } catch {
    throw new DomainError('source_unreadable', messages.sourceNotList(api.label, current.pathname));
  }
  const linkText = `${next.origin}${next.pathname}`;
  if (next.hostname !== api.root.hostname || next.pathname !== current.pathname) {
    throw new DomainError('source_unreadable', messages.sourceForeignLink(api.label, linkText));
  }
  return new URL(`${next.pathname}${next.search}`, api.root.origin);
}

/**
 * Reads the NetBox list at `list` (e.g. "ipam/prefixes/", under the API root) page by page, following
 * its `next` links, asking only for `fields`. `what` names the list in messages ("prefixes"). The next
 * page is read while the caller works on this one; at most two pages are held.
 */
export async function* netboxPages(
  api: NetboxApi,
  list: string,
  fields: string,
  what: string,
): AsyncGenerator<NetboxPage> {
  const first = new URL(list, api.root);
  first.search = new URLSearchParams({ limit: String(NETBOX_PAGE_SIZE), fields }).toString();
  const asked = new Set<string>([first.href]);
  let url = first;
  let pending: Promise<RawPage> | null = readPage(api, first, what);
  while (pending) {
    const page: RawPage = await pending;
    pending = null;
    if (page.next) {
      url = nextUrl(api, page.next, url);
      if (asked.has(url.href)) {
        throw new DomainError('source_unreadable', messages.sourcePagingLoop(api.label, url.pathname));
      }
      asked.add(url.href);
      pending = readPage(api, url, what);
      // Awaited on the next turn; if the caller stops first, its failure is of no interest.
      pending.catch(() => undefined);
    }
    yield { count: page.count, results: page.results };
  }
}
