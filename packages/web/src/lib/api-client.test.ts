/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, fileNameOf, noContent } from './api-client.js';

/** What the loopback server saw of one request. */
interface Received {
  method: string;
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
        contentType: request.headers['content-type'],
        contentLength: request.headers['content-length'],
        body: Buffer.concat(chunks).toString(),
      });
      if (request.url === '/refused') {
        response.writeHead(409, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ error: 'Taken.', code: 'conflict', fields: { name: 'Taken.' } }));
      } else if (request.url === '/proxy-down') {
        response.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
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

describe('api client requests', () => {
  it('sends an action (a POST with nothing to say) without a body or a Content-Type', async () => {
    await api.action('/api/auth/logout', ok);
    expect(received).toEqual([{ method: 'POST', contentType: undefined, contentLength: '0', body: '' }]);
  });

  it('sends a DELETE and a GET without a body or a Content-Type', async () => {
    await api.delete('/api/accounts/1/groups/2');
    await api.get('/api/auth/me', ok);
    expect(received.map(({ method, contentType, body }) => [method, contentType, body])).toEqual([
      ['DELETE', undefined, ''],
      ['GET', undefined, ''],
    ]);
  });

  it('sends a body as JSON with Content-Type application/json', async () => {
    await api.post('/api/accounts/1/groups', { name: 'Lab' }, ok);
    await api.put('/api/auth/current-account', { accountId: '7' }, ok);
    await api.patch('/api/accounts/1/groups/2', { parentId: null }, ok);
    expect(received.map(({ method, contentType, body }) => [method, contentType, body])).toEqual([
      ['POST', 'application/json', '{"name":"Lab"}'],
      ['PUT', 'application/json', '{"accountId":"7"}'],
      ['PATCH', 'application/json', '{"parentId":null}'],
    ]);
  });

  it('reads a 204 as nothing and an error answer as an ApiError with its code and field messages', async () => {
    await expect(api.delete('/api/accounts/1/invites/3')).resolves.toBeUndefined();
    expect(noContent.parse('anything')).toBeUndefined();
    const failure = await api.post('/refused', { name: 'Lab' }, ok).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Taken.',
      fields: { name: 'Taken.' },
    });
  });

  it("reads a body that is not core's error answer (a proxy's page, JSON without a code) as a generic error", async () => {
    const proxied = await api.get('/proxy-down', ok).catch((error: unknown) => error);
    expect(proxied).toBeInstanceOf(ApiError);
    expect(proxied).toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Request failed (502).',
      fields: {},
    });
    const uncoded = await api.get('/no-code', ok).catch((error: unknown) => error);
    expect(uncoded).toMatchObject({ status: 500, code: 'http_error', message: 'Request failed (500).' });
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
