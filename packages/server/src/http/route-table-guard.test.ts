import { allRoutes } from '@ipam/core/api/routes/all-routes';
import { defineRoute } from '@ipam/core/api/route-table';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachDialect } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { registerRoute } from './register-route.js';
import { responseSerializerCompiler } from './response-serializer.js';
import { guardRouteTable } from './route-table-guard.js';

const things = defineRoute({
  method: 'GET',
  path: '/api/things/:thingId',
  tags: ['things'],
  summary: 'One thing',
  params: z.object({ thingId: z.string() }),
  responses: { 200: z.object({ id: z.string() }) },
});
const count = defineRoute({
  method: 'POST',
  path: '/api/things/count',
  tags: ['things'],
  summary: 'Count things',
  responses: { 200: z.object({ n: z.number() }) },
});

function bareApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  return app;
}

describe('the route-table guard', () => {
  it('serves a route registered from the table, with its schemas', async () => {
    const app = bareApp();
    const guard = guardRouteTable(app, [things, count]);
    registerRoute(app, things, async (request) => ({ id: request.params.thingId, secret: 'not listed' }));
    registerRoute(app, count, async () => ({ n: 2 }));
    guard.seal();
    const answer = await app.inject({ method: 'GET', url: '/api/things/a%2Fb' });
    expect(answer.json()).toEqual({ id: 'a/b' });
    await app.close();
  });

  it('refuses an /api route that is not in the table', () => {
    const app = bareApp();
    guardRouteTable(app, [things]);
    expect(() => app.get('/api/made-up', async () => ({}))).toThrow(
      "GET /api/made-up is not in core's route table",
    );
  });

  it("refuses a table route registered by hand instead of from the table's entry", () => {
    const app = bareApp();
    guardRouteTable(app, [things]);
    expect(() => app.get('/api/things/:thingId', async () => ({ id: 'x' }))).toThrow(
      'GET /api/things/:thingId is not in',
    );
  });

  it('fails the seal when a table route was never registered', () => {
    const app = bareApp();
    const guard = guardRouteTable(app, [things, count]);
    registerRoute(app, things, async (request) => ({ id: request.params.thingId }));
    expect(() => guard.seal()).toThrow("routes of core's table never registered: POST /api/things/count");
  });

  it('leaves routes outside /api, the OpenAPI reference pages and routes after the seal alone', () => {
    const app = bareApp();
    const guard = guardRouteTable(app, []);
    app.get('/health', async () => 'ok');
    app.get('/api/docs/static/index.html', async () => 'docs');
    guard.seal();
    app.get('/api/probe', async () => 'a test probe');
    expect(app.hasRoute({ method: 'GET', url: '/api/probe' })).toBe(true);
  });
});

describeEachDialect("the app's routes (%s)", (dialect) => {
  const t = useTestApp(dialect);

  it('registers every route of the table', () => {
    const missing = allRoutes.filter(
      (route) => !t.current.app.hasRoute({ method: route.method, url: route.path }),
    );
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('lists every route of the table in /api/openapi.json, with its summary', async () => {
    const answer = await t.current.client().get('/api/openapi.json');
    expect(answer.status).toBe(200);
    const paths: Record<string, Record<string, { summary?: string }>> = answer.body.paths;
    const unlisted = allRoutes.filter((route) => {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      return paths[path]?.[route.method.toLowerCase()]?.summary !== route.summary;
    });
    expect(unlisted.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});
