/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import { noBody } from '@ipam/core/api/common';
import { defineRoute } from '@ipam/core/api/route-table';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiUrl, call, fileNameOf, setUnauthorizedHandler } from './api-client.js';

/** What the loopback server saw of one request. */
interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: string;
}

let server: Server;
let origin: string;
let received: Received[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        contentType: request.headers['content-type'],
        contentLength: request.headers['content-length'],
        body: Buffer.concat(chunks).toString(),
      });
      if (request.url === '/refused') {
        response.writeHead(409, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ error: 'Taken.', code: 'conflict', fields: { name: 'Taken.' } }));
      } else if (request.url === '/proxy-down') {
        response.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
      } else if (request.url === '/signed-out') {
        response.writeHead(401, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ error: 'Not signed in.', code: 'not_signed_in' }));
      } else if (request.url === '/no-code') {
        response.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"Boom."}');
      } else if (request.method === 'DELETE') {
        response.writeHead(204).end();
      } else {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The test server has no port.');
  origin = `http://127.0.0.1:${address.port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// The client speaks to its own origin with relative paths, as in the browser: here that is the server.
beforeEach(() => {
  received = [];
  vi.stubGlobal('fetch', (path: string, init?: RequestInit) => realFetch(new URL(path, origin), init));
});
afterEach(() => vi.unstubAllGlobals());

const ok = z.object({ ok: z.boolean() });
const tags = ['test'];
/** Routes of a made-up table, answered by the loopback server above. */
const routes = {
  action: defineRoute({
    method: 'POST',
    path: '/api/things/:thingId/poke',
    tags,
    summary: 'Poke',
    params: z.object({ thingId: z.string() }),
    body: noBody,
    responses: { 200: ok },
  }),
  read: defineRoute({
    method: 'GET',
    path: '/api/things',
    tags,
    summary: 'Read',
    query: z.strictObject({
      q: z.string().optional(),
      limit: z.coerce.number().default(10),
      all: z
        .enum(['true', 'false'])
        .transform((text) => text === 'true')
        .optional(),
    }),
    responses: { 200: ok },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/things',
    tags,
    summary: 'Create',
    body: z.object({ name: z.string() }),
    responses: { 201: ok },
  }),
  replace: defineRoute({
    method: 'PUT',
    path: '/api/things/current',
    tags,
    summary: 'Replace',
    body: z.object({ thingId: z.string() }),
    responses: { 200: ok },
  }),
  change: defineRoute({
    method: 'PATCH',
    path: '/api/things/:thingId',
    tags,
    summary: 'Change',
    params: z.object({ thingId: z.string() }),
    body: z.object({ parentId: z.string().nullable() }),
    responses: { 200: ok },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/things/:thingId',
    tags,
    summary: 'Remove',
    params: z.object({ thingId: z.string() }),
    responses: { 204: z.void() },
  }),
  refused: defineRoute({
    method: 'POST',
    path: '/refused',
    tags,
    summary: 'Refused',
    body: z.object({ name: z.string() }),
    responses: { 200: ok },
  }),
  proxied: defineRoute({
    method: 'GET',
    path: '/proxy-down',
    tags,
    summary: 'Proxy down',
    responses: { 200: ok },
  }),
  uncoded: defineRoute({ method: 'GET', path: '/no-code', tags, summary: 'No code', responses: { 200: ok } }),
  signedOut: defineRoute({
    method: 'GET',
    path: '/signed-out',
    tags,
    summary: 'Signed out',
    responses: { 200: ok },
  }),
  otherShape: defineRoute({
    method: 'GET',
    path: '/api/other',
    tags,
    summary: 'Another shape',
    responses: { 200: z.object({ items: z.array(z.string()) }) },
  }),
};

describe('api client requests', () => {
  it('sends an action (a POST with nothing to say) without a body or a Content-Type', async () => {
    await call(routes.action, { params: { thingId: '1' } });
    expect(received).toEqual([
      { method: 'POST', url: '/api/things/1/poke', contentType: undefined, contentLength: '0', body: '' },
    ]);
  });

  it('sends a DELETE and a GET without a body or a Content-Type', async () => {
    await call(routes.remove, { params: { thingId: '2' } });
    await call(routes.read);
    expect(received.map(({ method, contentType, body }) => [method, contentType, body])).toEqual([
      ['DELETE', undefined, ''],
      ['GET', undefined, ''],
    ]);
  });

  it('sends a body as JSON with Content-Type application/json', async () => {
    await call(routes.create, { body: { name: 'Lab' } });
    await call(routes.replace, { body: { thingId: '7' } });
    await call(routes.change, { params: { thingId: '2' }, body: { parentId: null } });
    expect(received.map(({ method, contentType, body }) => [method, contentType, body])).toEqual([
      ['POST', 'application/json', '{"name":"Lab"}'],
      ['PUT', 'application/json', '{"thingId":"7"}'],
      ['PATCH', 'application/json', '{"parentId":null}'],
    ]);
  });

  it("builds the path from the table: each parameter encoded, the query's defined fields appended", async () => {
    await call(routes.change, { params: { thingId: 'a/b c' }, body: { parentId: null } });
    await call(routes.read, { query: { q: 'web 01', limit: 5, all: true } });
    await call(routes.read, { query: { q: undefined } });
    expect(received.map(({ url }) => url)).toEqual([
      '/api/things/a%2Fb%20c',
      '/api/things?q=web%2001&limit=5&all=true',
      '/api/things',
    ]);
    expect(apiUrl(routes.read, { query: { all: false } })).toBe('/api/things?all=false');
  });

  it("reads a 204 as nothing, and refuses a success answer that is not the route's shape", async () => {
    await expect(call(routes.remove, { params: { thingId: '3' } })).resolves.toBeUndefined();
    await expect(call(routes.otherShape)).rejects.toThrow(z.ZodError);
  });

  it('reads an error answer as an ApiError with its code and field messages', async () => {
    const failure = await call(routes.refused, { body: { name: 'Lab' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Taken.',
      fields: { name: 'Taken.' },
    });
  });

  it("reads a body that is not core's error answer (a proxy's page, JSON without a code) as a generic error", async () => {
    const proxied = await call(routes.proxied).catch((error: unknown) => error);
    expect(proxied).toBeInstanceOf(ApiError);
    expect(proxied).toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Request failed (502).',
      fields: {},
    });
    const uncoded = await call(routes.uncoded).catch((error: unknown) => error);
    expect(uncoded).toMatchObject({ status: 500, code: 'http_error', message: 'Request failed (500).' });
  });

  it('tells the app about a 401, unless the call handles it itself', async () => {
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    await expect(call(routes.signedOut, { allowUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).not.toHaveBeenCalled();
    await expect(call(routes.signedOut)).rejects.toMatchObject({ status: 401, code: 'not_signed_in' });
    expect(unauthorized).toHaveBeenCalledOnce();
    setUnauthorizedHandler(() => {});
  });
});

describe('fileNameOf (PL-113 export file names)', () => {
  it('prefers the RFC 5987 name, then the quoted or plain one', () => {
    expect(
      fileNameOf(
        `attachment; filename="Caf_ plan_subnets.csv"; filename*=UTF-8''Caf%C3%A9%20plan_subnets.csv`,
      ),
    ).toBe('Café plan_subnets.csv');
    expect(fileNameOf('attachment; filename="Office_subnets.xlsx"')).toBe('Office_subnets.xlsx');
    expect(fileNameOf('attachment; filename=plan_subnets.json')).toBe('plan_subnets.json');
    expect(fileNameOf(null)).toBeNull();
  });
});
