import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler, responseSerializerCompiler } from './response-serializer.js';

const item = z.object({
  id: z.string().nullable(),
  status: z.enum(['Available', 'In Use']),
  hostname: z.string(),
  allowScannerUpdate: z.boolean(),
});
const page = z.object({ items: z.array(item), total: z.number().int(), nextCursor: z.string().nullable() });

/** A Fastify app with the serializer and one GET route that answers `answer()` under `schema`. */
async function appAnswering(checksResponses: boolean, schema: z.ZodType, answer: () => unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(createResponseSerializerCompiler({ checksResponses }));
  app.get('/answer', { schema: { response: { 200: schema } } }, async () => answer() as never);
  await app.ready();
  return app;
}

async function answerOf(checksResponses: boolean, schema: z.ZodType, value: unknown) {
  const app = await appAnswering(checksResponses, schema, () => value);
  try {
    return await app.inject({ method: 'GET', url: '/answer' });
  } finally {
    await app.close();
  }
}

describe.each([true, false])('response serializer (checks responses: %s)', (checksResponses) => {
  it('never writes fields a record has beyond its schema, nested ones included', async () => {
    const response = await answerOf(checksResponses, page, {
      items: [
        { id: null, status: 'Available', hostname: '', allowScannerUpdate: true, passwordHash: 'x' },
        { id: 'a1', status: 'In Use', hostname: 'db', allowScannerUpdate: false, accountId: 'acc' },
      ],
      total: 2,
      nextCursor: null,
      token: 'secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/passwordHash|accountId|token|secret/);
    expect(response.json()).toEqual({
      items: [
        { id: null, status: 'Available', hostname: '', allowScannerUpdate: true },
        { id: 'a1', status: 'In Use', hostname: 'db', allowScannerUpdate: false },
      ],
      total: 2,
      nextCursor: null,
    });
  });

  it('writes what zod reads for nulls, absent optionals, records, literals, unions and unknown values', async () => {
    const base = { id: z.string(), count: z.number().int().nullable(), note: z.string().optional() };
    const subnetLike = z.discriminatedUnion('version', [
      z.object({ ...base, version: z.literal(4), bits: z.number().int() }),
      z.object({ ...base, version: z.literal(6), prefixLength: z.number().int() }),
    ]);
    const errorLike = z.object({
      error: z.string(),
      code: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    });
    const auditLike = z.object({
      items: z.array(z.object({ id: z.string(), before: z.unknown(), after: z.unknown() })),
      nextCursor: z.string().nullable(),
    });
    const cases: [z.ZodType, unknown][] = [
      [z.object({ status: z.literal('ok') }), { status: 'ok' }],
      [errorLike, { error: 'Not found', code: 'not_found' }],
      [errorLike, { error: 'Bad', code: 'validation_failed', fields: { name: 'Required', 'a.b': 'x' } }],
      [subnetLike, { id: 's', count: null, version: 4, bits: 24 }],
      [subnetLike, { id: 's', count: 3, note: 'n', version: 6, prefixLength: 112 }],
      [z.array(subnetLike), [{ id: 'a', count: 1, version: 6, prefixLength: 120, bits: 9 }]],
      [
        auditLike,
        {
          items: [
            { id: '1', before: null, after: { hostname: 'x', n: [1, 'b', null, true] } },
            { id: '2', before: 'text', after: 42 },
          ],
          nextCursor: 'c',
        },
      ],
    ];
    for (const [schema, value] of cases) {
      const response = await answerOf(checksResponses, schema, value);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(JSON.parse(JSON.stringify(schema.parse(value))));
    }
  });
});

describe('response checks', () => {
  it('refuses an answer outside its schema when checking (a 500, not a wrong answer)', async () => {
    const outside = [
      {
        items: [{ id: 'a', status: 'Lost', hostname: 'h', allowScannerUpdate: true }],
        total: 1,
        nextCursor: null,
      },
      // fast-json-stringify alone would write these as "42" and 1.
      { items: [], total: 1, nextCursor: 42 },
      { items: [], total: 1.5, nextCursor: null },
    ];
    for (const value of outside) expect((await answerOf(true, page, value)).statusCode).toBe(500);
  });

  it('checks responses under vitest, the app serialiser', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(responseSerializerCompiler);
    app.get('/answer', { schema: { response: { 200: page } } }, async () => ({ total: 'x' }) as never);
    const response = await app.inject({ method: 'GET', url: '/answer' });
    await app.close();
    expect(response.statusCode).toBe(500);
  });
});
