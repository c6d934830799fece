import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from './routes/all-routes.js';
import { defineRoute, pathParamNames, routeUrl, SUCCESS_STATUSES, successOf } from './route-table.js';

const label = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('the route table', () => {
  it('names each path parameter in the params schema, and nothing else', () => {
    const mismatches = allRoutes.flatMap((route) => {
      const inPath = pathParamNames(route.path).sort();
      const inSchema = route.params instanceof z.ZodObject ? Object.keys(route.params.shape).sort() : [];
      const hasOtherSchema = route.params !== undefined && !(route.params instanceof z.ZodObject);
      return hasOtherSchema || inPath.join() !== inSchema.join()
        ? [`${label(route)}: path ${inPath.join()} / schema ${inSchema.join()}`]
        : [];
    });
    expect(mismatches).toEqual([]);
  });

  it('holds each method and path once', () => {
    const labels = allRoutes.map(label);
    expect(labels.filter((entry, index) => labels.indexOf(entry) !== index)).toEqual([]);
  });

  it('keeps every route under /api with a summary and a tag', () => {
    const odd = allRoutes.filter(
      (route) => !route.path.startsWith('/api/') || route.summary === '' || route.tags.length === 0,
    );
    expect(odd.map(label)).toEqual([]);
  });

  it('documents exactly one success answer per route', () => {
    const odd = allRoutes.filter(
      (route) => SUCCESS_STATUSES.filter((status) => route.responses[status] !== undefined).length !== 1,
    );
    expect(odd.map(label)).toEqual([]);
  });

  it('gives a body schema only to writes', () => {
    expect(
      allRoutes.filter((route) => route.method === 'GET' && route.body !== undefined).map(label),
    ).toEqual([]);
  });
});

describe('defineRoute', () => {
  it('leaves the parts a route does not have undefined', () => {
    const route = defineRoute({
      method: 'GET',
      path: '/api/things',
      tags: ['things'],
      summary: 'Things',
      responses: { 200: z.object({ n: z.number() }) },
    });
    expect([route.params, route.query, route.body]).toEqual([undefined, undefined, undefined]);
    expect(successOf(route).status).toBe(200);
  });
});

describe('routeUrl', () => {
  const route = { method: 'GET' as const, path: '/api/accounts/:accountId/subnets/:subnetId/addresses/:ip' };

  it('puts each parameter in its place, percent-encoded', () => {
    expect(routeUrl(route, { accountId: 'a/1', subnetId: 's 2', ip: '2001:db8::1' })).toBe(
      '/api/accounts/a%2F1/subnets/s%202/addresses/2001%3Adb8%3A%3A1',
    );
  });

  it('appends the defined query fields and leaves out the undefined ones', () => {
    const params = { accountId: 'a', subnetId: 's', ip: '10.0.0.1' };
    expect(routeUrl(route, params, { filter: 'in-use', q: undefined, limit: 100, all: false })).toBe(
      '/api/accounts/a/subnets/s/addresses/10.0.0.1?filter=in-use&limit=100&all=false',
    );
    expect(routeUrl(route, params, { q: undefined })).toBe('/api/accounts/a/subnets/s/addresses/10.0.0.1');
    expect(routeUrl(route, params, { q: 'web 01&x=1' })).toBe(
      '/api/accounts/a/subnets/s/addresses/10.0.0.1?q=web%2001%26x%3D1',
    );
  });

  it('refuses a path parameter without a value', () => {
    expect(() => routeUrl(route, { accountId: 'a' })).toThrow('no value for :subnetId');
  });
});
