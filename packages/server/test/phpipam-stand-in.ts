import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  generatedAddressRows,
  generatedSubnetRow,
  type GeneratedPhpipamData,
} from './phpipam-generated-data.js';
import { recordedAnswers, type RecordedAnswer, type RecordedAnswers } from './phpipam-recordings.js';

/**
 * A loopback stand-in for phpIPAM's REST API: it serves the answers recorded from a real phpIPAM 1.8.2
 * (../shared/fixtures/phpipam) by request path, or a generated data set in the same shapes, and checks
 * the token and the app id the way phpIPAM does.
 */

/** What the stand-in serves and which token it accepts. */
export interface PhpipamStandInOptions {
  /** The token accepted in the `token` or `phpipam-token` header; any other gets phpIPAM's 401. */
  token: string;
  /** The recorded answers (default) or a generated data set. */
  data?: 'recorded' | GeneratedPhpipamData;
  /** Every value a string, as with `api-stringify-results: 1` or on PHP before 8.1 (quirk 3). */
  stringify?: boolean;
}

/** A running stand-in. */
export interface PhpipamStandIn {
  /** phpIPAM's URL (without /api/), e.g. http://127.0.0.1:40123/. */
  url: string;
  /** The app id it knows; `importer_nested` is known too (an app that nests custom fields). */
  appId: string;
  /** Path and query of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

type Answer = RecordedAnswer;
type Row = Record<string, unknown>;

const APP = 'importer';
/** An app with "nest custom fields" on: 3 answers are recorded; the rest are importer's, nested here. */
const NESTED_APP = 'importer_nested';
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

function answer(status: number, payload: Row): Answer {
  return { status, headers: JSON_TYPE, body: JSON.stringify(payload) };
}
const ok = (data: unknown) => answer(200, { code: 200, success: true, data, time: 0.001 });
const fail = (status: number, message: string) =>
  answer(status, { code: status, success: false, message, time: 0 });

/** Every number in `value` as a string, as phpIPAM stringifies (computed `usage` stays as it is). */
function stringified(value: unknown, key = ''): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => stringified(item));
  if (value === null || typeof value !== 'object' || key === 'usage') return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, stringified(item, name)]));
}

/** A row with its set custom fields moved under `custom_fields`, as an app that nests them sends it. */
function nested(row: unknown): unknown {
  // Only objects (rows with an id) nest theirs; `custom_fields/` lists the fields themselves.
  if (row === null || typeof row !== 'object' || Array.isArray(row) || !('id' in row)) return row;
  const entries = Object.entries(row);
  const custom = entries.filter(([name, value]) => name.startsWith('custom_') && value !== null);
  if (custom.length === 0) return row;
  const rest = entries.filter(([name, value]) => !(name.startsWith('custom_') && value !== null));
  return { ...Object.fromEntries(rest), custom_fields: Object.fromEntries(custom) };
}

/** `answer` with its data changed by `change` (the rows of a list one by one). */
function withData(base: Answer, change: (data: unknown) => unknown): Answer {
  const body = JSON.parse(base.body) as Row;
  if (!('data' in body)) return base;
  return { ...base, body: JSON.stringify({ ...body, data: change(body.data) }) };
}

/** A recorded route's answer (another app's fallback, a stringified form) or null when none is recorded. */
function recordedRoute(
  recorded: RecordedAnswers,
  app: string,
  route: string,
  isStringified: boolean,
): Answer | null {
  const own = recorded.get(`GET /api/${app}/${route}`);
  const variants = own ?? (app === NESTED_APP ? recorded.get(`GET /api/${APP}/${route}`) : undefined);
  const plain = variants?.get('');
  if (!variants || !plain) return null;
  let served = plain;
  if (!own) served = withData(served, (data) => (Array.isArray(data) ? data.map(nested) : nested(data)));
  if (isStringified)
    served = (own ? variants.get('stringify') : undefined) ?? withData(served, (data) => stringified(data));
  return served;
}

/** A route of a generated data set, in the shapes of the recorded answers; null when it has no such route. */
function generatedRoute(data: GeneratedPhpipamData, recorded: RecordedAnswers, route: string): Answer | null {
  const [first, id, third, ...rest] = route.split('/').filter((segment) => segment !== '');
  const renamed = (rows: Row[], from: string) =>
    rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([name, value]) => [name === from ? 'id' : name, value])),
    );
  if (rest.length > 0) return null;
  if (first === 'sections' && id === undefined) return ok(data.sections);
  if (first === 'sections' && third === undefined) {
    const section = data.sections.find((row) => String(row.id) === id);
    return section ? ok(section) : fail(404, 'Section does not exist');
  }
  if (first === 'sections' && third === 'subnets') {
    const rows = data.subnetsBySection.get(Number(id)) ?? [];
    return rows.length === 0 ? fail(404, 'No subnets found') : ok(rows.map(generatedSubnetRow));
  }
  if (first === 'subnets' && third === 'addresses' && id !== 'custom_fields') {
    const subnet = data.subnetsById.get(Number(id));
    if (!subnet || subnet.isFolder) return fail(404, `Invalid subnet Id (${id})`);
    return subnet.addresses === 0 ? fail(404, 'No addresses found') : ok(generatedAddressRows(subnet));
  }
  if (id !== undefined && third === undefined && id === 'custom_fields') {
    return recorded.get(`GET /api/${APP}/${first}/custom_fields/`)?.get('') ?? null;
  }
  if (id === undefined && first === 'vrf') return ok(data.vrfs);
  if (id === undefined && first === 'vrfs') return ok(renamed(data.vrfs, 'vrfId'));
  if (id === undefined && first === 'vlan') return ok(data.vlans);
  if (id === undefined && first === 'vlans') return ok(renamed(data.vlans, 'vlanId'));
  if (first === 'addresses' && id === 'tags' && third === undefined) return ok(data.tags);
  return null;
}

/** phpIPAM's answer to one request. */
function answerTo(
  request: IncomingMessage,
  options: PhpipamStandInOptions,
  recorded: RecordedAnswers,
): Answer {
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const match = /^\/api\/([^/]+)\/(.*)$/.exec(decodeURIComponent(url.pathname));
  // Outside /api/ phpIPAM's web server answers with an HTML page.
  if (!match) return { status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not Found</h1>' };
  const [, app = '', route = ''] = match;
  const recordedOr = (key: string, variant: string) =>
    recorded.get(key)?.get(variant) ?? fail(500, 'not recorded');
  // phpIPAM checks the app id before the token.
  if (app !== APP && app !== NESTED_APP) return recordedOr('GET /api/no_such_app/sections/', '');
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const token = header('token') ?? header('phpipam-token');
  if (token !== options.token) {
    // The user controller answers 403, every other one 401 (quirk 14).
    const model = route === 'user/' ? 'user/' : 'sections/';
    return recordedOr(`GET /api/${APP}/${model}`, token === undefined ? 'no-token' : 'wrong-token');
  }
  const isStringified = options.stringify === true || header('api-stringify-results') === '1';
  const routeWithQuery = `${route}${url.search}`;
  let served: Answer | null;
  if (options.data === undefined || options.data === 'recorded') {
    served =
      recordedRoute(recorded, app, routeWithQuery, isStringified) ??
      recordedRoute(recorded, app, route, isStringified);
  } else {
    served = generatedRoute(options.data, recorded, route);
    if (served && isStringified) served = withData(served, (data) => stringified(data));
  }
  return served ?? fail(404, 'No objects found');
}

/** Starts a phpIPAM stand-in on 127.0.0.1 at a free port. */
export async function startPhpipamStandIn(options: PhpipamStandInOptions): Promise<PhpipamStandIn> {
  const recorded = recordedAnswers();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '/');
    const served = answerTo(request, options, recorded);
    response.writeHead(served.status, served.headers);
    response.end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    appId: APP,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
