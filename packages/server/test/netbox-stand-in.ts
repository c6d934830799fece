import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { NetboxData, NetboxRows } from './netbox-data.js';
import { netboxJson } from './netbox-json.js';

/**
 * A loopback stand-in for NetBox's REST API, so the NetBox source is tested without a NetBox: the list
 * endpoints an import reads, paged like NetBox (`netbox/api/pagination.py`: limit/offset, default 50,
 * at most MAX_PAGE_SIZE, absolute `next`/`previous` links), `?fields=` as NetBox 4.0+ honours it, and
 * its token check (`netbox/api/authentication.py`: a refusal is a 403 with a `detail`).
 */

/** How the stand-in behaves; only `token` and `data` are needed. */
export interface NetboxStandInOptions {
  /** The one token it accepts: a v1 key, or a v2 "nbt_<key>.<secret>" (NetBox 4.5+). */
  token: string;
  data: NetboxData;
  /** The NetBox it imitates, "4.6" by default: before 4.2 prefixes have a `site`, before 4.5 no v2 tokens. */
  version?: string;
  /** NetBox's MAX_PAGE_SIZE (1000 by default). */
  maxPageSize?: number;
  /** Where NetBox is mounted (its BASE_PATH), "/" by default. */
  basePath?: string;
  /** The origin NetBox names in its links, as behind a proxy that does not pass Host (default: the Host asked). */
  linkOrigin?: string;
  /** Lists (e.g. "ipam/ip-addresses/") the token's user may not view: 403 as NetBox answers it. */
  denied?: string[];
}

/** A request the stand-in received. */
export interface NetboxStandInRequest {
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

export interface NetboxStandIn {
  /** NetBox's address, e.g. "http://127.0.0.1:41234/" (its API is under "api/"). */
  url: string;
  requests: NetboxStandInRequest[];
  close(): Promise<void>;
}

const DEFAULT_PAGE_SIZE = 50; // NetBox's PAGINATE_COUNT
const NOT_PROVIDED = 'Authentication credentials were not provided.';
const NOT_PERMITTED = 'You do not have permission to perform this action.';

function isAtLeast(version: string, major: number, minor: number): boolean {
  const [have = 0, haveMinor = 0] = version.split('.').map(Number);
  return have > major || (have === major && haveMinor >= minor);
}

/** What NetBox says about the Authorization header, or null when the token is the one it knows. */
function authFailure(header: string | undefined, token: string, version: string): string | null {
  const parts = (header ?? '').split(/\s+/).filter(Boolean);
  const keywords = isAtLeast(version, 4, 5) ? ['token', 'bearer'] : ['token'];
  // An unknown scheme (or none) leaves the request anonymous, and LOGIN_REQUIRED refuses it.
  if (!parts[0] || !keywords.includes(parts[0].toLowerCase())) return NOT_PROVIDED;
  if (parts.length !== 2 || !parts[1]) {
    return 'Invalid authorization header: Must be in the form "Bearer <key>.<token>" or "Token <token>"';
  }
  if (!isAtLeast(version, 4, 5)) return parts[1] === token ? null : 'Invalid token';
  const isV2 = parts[1].startsWith('nbt_');
  if (isV2 && !parts[1].includes('.')) {
    return "Invalid authorization header: Could not parse key from v2 token. Did you mean to use 'Token' instead of 'Bearer'?";
  }
  return parts[1] === token ? null : `Invalid v${isV2 ? 2 : 1} token`;
}

/** NetBox's limit: the default without one, at most MAX_PAGE_SIZE, 0 meaning MAX_PAGE_SIZE. */
function limitOf(query: URLSearchParams, max: number): number {
  const text = query.get('limit');
  if (text === null || !/^\s*\d+\s*$/.test(text)) return Math.min(DEFAULT_PAGE_SIZE, max);
  const limit = Number(text);
  return limit === 0 ? max : Math.min(limit, max);
}

function offsetOf(query: URLSearchParams): number {
  const text = query.get('offset');
  return text !== null && /^\s*\d+\s*$/.test(text) ? Number(text) : 0;
}

/** The request's URL with one parameter set or removed, parameters sorted as DRF writes them. */
function linkWith(base: string, query: URLSearchParams, set: Record<string, number | null>): string {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(set)) {
    if (value === null) params.delete(key);
    else params.set(key, String(value));
  }
  params.sort();
  return `${base}?${params.toString()}`;
}

/** One list NetBox serves: how many objects, and object i as JSON. */
interface ListEndpoint {
  count: number;
  render(index: number): Record<string, unknown>;
}

function endpoint<T>(rows: NetboxRows<T>, render: (row: T) => Record<string, unknown>): ListEndpoint {
  return {
    count: rows.length,
    render: (index) => {
      const row = rows.at(index);
      if (row === undefined) throw new Error(`no row ${index}`);
      return render(row);
    },
  };
}

function send(response: ServerResponse, status: number, body: unknown, version: string): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'api-version': version,
  });
  response.end(text);
}

/** Starts the stand-in on 127.0.0.1 at a free port. */
export async function startNetboxStandIn(options: NetboxStandInOptions): Promise<NetboxStandIn> {
  const version = options.version ?? '4.6';
  const maxPageSize = options.maxPageSize ?? 1000;
  const basePath = options.basePath ?? '/';
  const requests: NetboxStandInRequest[] = [];
  const renderers = new Map<string, ReturnType<typeof netboxJson>>();
  const { data } = options;

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push({
      path: url.pathname,
      query: url.searchParams,
      authorization: request.headers.authorization,
    });
    const apiPrefix = `${basePath}api/`;
    if (!url.pathname.startsWith(apiPrefix)) {
      // NetBox's web pages, not its API: HTML.
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<!DOCTYPE html><html><body><h1>Page Not Found</h1></body></html>');
      return;
    }
    if (request.method !== 'GET') {
      send(response, 405, { detail: `Method "${request.method}" not allowed.` }, version);
      return;
    }
    const failure = authFailure(request.headers.authorization, options.token, version);
    if (failure) {
      send(response, 403, { detail: failure }, version);
      return;
    }
    const origin = options.linkOrigin ?? `http://${request.headers.host ?? '127.0.0.1'}`;
    const json =
      renderers.get(origin) ?? netboxJson(data, { origin, basePath, hasScope: isAtLeast(version, 4, 2) });
    renderers.set(origin, json);
    const list = url.pathname.slice(apiPrefix.length);
    const endpoints: Record<string, ListEndpoint> = {
      'ipam/vrfs/': endpoint(data.vrfs, json.vrf),
      'ipam/prefixes/': endpoint(data.prefixes, json.prefix),
      'ipam/ip-addresses/': endpoint(data.addresses, json.address),
      'ipam/vlans/': endpoint(data.vlans, json.vlan),
      'tenancy/tenants/': endpoint(data.tenants, json.tenant),
      'dcim/sites/': endpoint(data.sites, json.site),
      'dcim/locations/': endpoint(data.locations, json.location),
    };
    const rows = endpoints[list];
    if (!rows) {
      send(response, 404, { detail: 'Not found.' }, version);
      return;
    }
    if (options.denied?.includes(list)) {
      send(response, 403, { detail: NOT_PERMITTED }, version);
      return;
    }
    const limit = limitOf(url.searchParams, maxPageSize);
    const offset = offsetOf(url.searchParams);
    const fields = url.searchParams.get('fields')?.split(',').filter(Boolean) ?? [];
    const results: Record<string, unknown>[] = [];
    for (let index = offset; index < Math.min(offset + limit, rows.count); index += 1) {
      const full = rows.render(index);
      results.push(
        fields.length ? Object.fromEntries(fields.filter((f) => f in full).map((f) => [f, full[f]])) : full,
      );
    }
    const self = `${origin}${url.pathname}`;
    send(
      response,
      200,
      {
        count: rows.count,
        next:
          offset + limit < rows.count
            ? linkWith(self, url.searchParams, { limit, offset: offset + limit })
            : null,
        previous:
          offset <= 0
            ? null
            : linkWith(self, url.searchParams, { limit, offset: offset - limit > 0 ? offset - limit : null }),
        results,
      },
      version,
    );
  };

  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
