import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { signUp, useTestApp, type TestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet } from '../../test/ipam-factories.js';
import { parsePrometheusText, valueOf, type Sample } from '../../test/prometheus-text.js';
import { cookieOf, eventually, openEventStream } from '../../test/sse-client.js';

/** Scrapes the app's metrics (no session) and parses them strictly. */
async function scrape(app: TestApp, headers: Record<string, string> = {}): Promise<Sample[]> {
  const response = await app.client().get('/api/metrics', headers);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return parsePrometheusText(response.text);
}

/** A loopback port nothing listens on: a webhook receiver that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}

describeEachDialect('GET /api/metrics, off by default (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('is 404 like any unknown path, whatever the caller sends', async () => {
    const asked: Record<string, string>[] = [{}, { authorization: 'Bearer some-token-0123456789' }];
    for (const headers of asked) {
      const response = await t.current.client().get('/api/metrics', headers);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: messages.notFound, code: 'not_found' });
    }
  });
});

describeEachDialect('GET /api/metrics with METRICS=on (%s)', (dialect) => {
  const t = useTestApp(dialect, { METRICS: 'on', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_ALLOW_HTTP: 'true' });

  it('counts requests and their times by method, route pattern and status class, never by URL', async () => {
    const me = await accountSession(t.current);
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };
    const groups = { method: 'GET', route: '/api/accounts/:accountId/groups', status_class: '2xx' };
    const before = await scrape(t.current);
    const healthBefore = valueOf(before, 'ipam_http_requests_total', health) ?? 0;
    const groupsBefore = valueOf(before, 'ipam_http_requests_total', groups) ?? 0;

    for (let i = 0; i < 3; i++) expect((await t.current.client().get('/api/health')).status).toBe(200);
    expect((await me.call('GET', '/groups')).status).toBe(200);
    const missingId = randomUUID();
    expect((await me.call('GET', `/subnets/${missingId}`)).status).toBe(404);
    expect((await t.current.client().get(`/api/no-such-route-${missingId}`)).status).toBe(404);

    const response = await t.current.client().get('/api/metrics');
    const after = parsePrometheusText(response.text);
    expect(valueOf(after, 'ipam_http_requests_total', health)).toBe(healthBefore + 3);
    expect(valueOf(after, 'ipam_http_request_duration_seconds_count', health)).toBe(healthBefore + 3);
    expect(valueOf(after, 'ipam_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      healthBefore + 3,
    );
    expect(valueOf(after, 'ipam_http_requests_total', groups)).toBe(groupsBefore + 1);
    expect(
      valueOf(after, 'ipam_http_requests_total', {
        method: 'GET',
        route: '/api/accounts/:accountId/subnets/:subnetId',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    // A path no route matches is counted under one name, whatever the path.
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    expect(valueOf(after, 'ipam_http_requests_total', unmatched)).toBeGreaterThanOrEqual(1);
    // No account, user or id in any label: the text names route patterns only.
    for (const secret of [me.accountId, me.userId, me.email, missingId]) {
      expect(response.text).not.toContain(secret);
    }
    // Node's own figures come too.
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts the open live-event streams of this process', async () => {
    const me = await accountSession(t.current);
    const streamsNow = async () => valueOf(await scrape(t.current), 'ipam_event_streams_open');
    expect(await streamsNow()).toBe(0);
    const stream = await openEventStream(
      `${t.current.baseUrl}/api/accounts/${me.accountId}/events`,
      cookieOf(me.client),
    );
    expect(stream.status).toBe(200);
    expect(await streamsNow()).toBe(1);
    stream.close();
    await eventually(async () => (await streamsNow()) === 0);
  });

  it('reports the database connections and the outbox items waiting, by kind', async () => {
    const quiet = await scrape(t.current);
    for (const kind of ['webhook', 'dns', 'mail']) {
      expect(valueOf(quiet, 'ipam_outbox_pending_items', { kind })).toBe(0);
    }
    const me = await accountSession(t.current, { tier: 1 });
    const url = `http://127.0.0.1:${await closedPort()}/hook`;
    expect((await me.call('POST', '/webhooks', { url, events: ['subnet.created'] })).status).toBe(201);
    const group = await postGroup(me, 'Sites');
    expect((await postSubnet(me, group.id, '10.30.0.0/29')).status).toBe(201);

    const samples = await scrape(t.current);
    // The receiver is down: the delivery waits for its retry (the first one 10 s later).
    expect(valueOf(samples, 'ipam_outbox_pending_items', { kind: 'webhook' })).toBeGreaterThanOrEqual(1);
    const engine = { engine: dialect };
    const total = valueOf(samples, 'ipam_db_connections', engine) ?? -1;
    const idle = valueOf(samples, 'ipam_db_connections_idle', engine) ?? -1;
    if (dialect === 'sqlite') expect(total).toBe(2);
    else expect(total).toBeGreaterThanOrEqual(1);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(total);
    expect(valueOf(samples, 'ipam_db_connection_waits', engine)).toBeGreaterThanOrEqual(0);
  });
});

describeEachDialect('GET /api/metrics with METRICS_TOKEN (%s)', (dialect) => {
  const token = 'scrape-token-6f1c0d9e2b';
  const t = useTestApp(dialect, { METRICS: 'on', METRICS_TOKEN: token });

  it('answers only a scrape with the bearer token, which needs no session', async () => {
    const signedIn = await signUp(t.current);
    const refusals = [
      await t.current.client().get('/api/metrics'),
      await t.current.client().get('/api/metrics', { authorization: 'Bearer scrape-token-wrong00000' }),
      await t.current.client().get('/api/metrics', { authorization: token }),
      // A session is no substitute for the token.
      await signedIn.client.get('/api/metrics'),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: messages.metricsTokenRequired, code: 'token_invalid' });
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
    const samples = await scrape(t.current, { authorization: `Bearer ${token}` });
    expect(
      valueOf(samples, 'ipam_http_requests_total', {
        method: 'GET',
        route: '/api/metrics',
        status_class: '4xx',
      }),
    ).toBe(refusals.length);
  });
});
