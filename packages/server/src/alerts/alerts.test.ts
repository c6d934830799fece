import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeEachDialect } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession } from '../../test/ipam-factories.js';
import { agent, scannedSubnet } from '../../test/scan-agent.js';
import { cookieOf, openEventStream } from '../../test/sse-client.js';
import { startWebhookReceiver, waitUntil, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { noopEventPublisher } from '../events/event-publisher.js';
import { sweepStaleAddresses } from './stale-sweep.js';

const times = { startedAt: '2026-11-23T10:00:00Z', finishedAt: '2026-11-23T10:00:05Z' };
const up = (ipAddress: string, mac?: string, hostname?: string) => ({
  ipAddress,
  alive: true,
  method: 'icmp',
  ...(mac ? { mac } : {}),
  ...(hostname ? { hostname } : {}),
});
const down = (ipAddress: string) => ({ ipAddress, alive: false, method: 'none' });
const DAY_MS = 24 * 60 * 60 * 1000;

const fastOutbox = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_ALLOW_HTTP: 'true',
  OUTBOX_POLL_MS: '100',
  OUTBOX_RETRY_BASE_MS: '50',
  OUTBOX_RETRY_MAX_MS: '200',
};

interface ListedAlert {
  id: string;
  kind: string;
  ipAddress: string;
  subnetId: string;
  subnetName: string;
  details: Record<string, unknown>;
}

describeEachDialect('discovery alerts (%s)', (dialect) => {
  const t = useTestApp(dialect, fastOutbox);
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => receiver.close());

  it('writes a new-host alert once per host and a MAC-changed alert once per change', async () => {
    const { me, subnetId, key } = await scannedSubnet(t.current, '10.50.0.0/29', 'approval');
    const scan = (hosts: unknown[]) => agent(t.current, key).results({ subnetId, ...times, hosts });
    const alerts = async (): Promise<ListedAlert[]> => (await me.call('GET', '/alerts?limit=100')).body.items;
    await scan([up('10.50.0.1', 'aa:bb:cc:00:00:01', 'printer.lan'), up('10.50.0.2'), down('10.50.0.3')]);
    const first = await alerts();
    expect(first.map((a) => [a.kind, a.ipAddress]).sort()).toEqual([
      ['new_host', '10.50.0.1'],
      ['new_host', '10.50.0.2'],
    ]);
    expect(first.find((a) => a.ipAddress === '10.50.0.1')).toMatchObject({
      subnetId,
      subnetName: 'Subnet 10.50.0.0/29',
      cidr: '10.50.0.0/29',
      details: { scannerName: 'HQ', mac: 'aa:bb:cc:00:00:01', hostname: 'printer.lan' },
    });
    // Seen again, with the same MAC or none: nothing new.
    await scan([up('10.50.0.1', 'aa:bb:cc:00:00:01'), up('10.50.0.2')]);
    expect(await alerts()).toHaveLength(2);
    // Another MAC answers where one was recorded: one alert, and one only however often it answers.
    await scan([up('10.50.0.1', 'aa:bb:cc:00:00:09')]);
    await scan([up('10.50.0.1', 'aa:bb:cc:00:00:09')]);
    // A first MAC where none was recorded is no change.
    await scan([up('10.50.0.2', 'aa:bb:cc:00:00:02')]);
    const later = await alerts();
    expect(later).toHaveLength(3);
    expect(later[0]).toMatchObject({
      kind: 'mac_changed',
      ipAddress: '10.50.0.1',
      details: { scannerName: 'HQ', previousMac: 'aa:bb:cc:00:00:01', mac: 'aa:bb:cc:00:00:09' },
    });
  });

  it("pages the account's alerts, newest first, and shows them to no other account", async () => {
    const { me, subnetId, key } = await scannedSubnet(t.current, '10.51.0.0/28', 'auto');
    const hosts = ['10.51.0.1', '10.51.0.2', '10.51.0.3'].map((ip) => up(ip));
    await agent(t.current, key).results({ subnetId, ...times, hosts });
    const page1 = await me.call('GET', '/alerts?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.items).toHaveLength(2);
    const page2 = await me.call('GET', `/alerts?limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items).toHaveLength(1);
    expect(page2.body.nextCursor).toBeNull();
    const seen = [...page1.body.items, ...page2.body.items].map((a: ListedAlert) => a.ipAddress);
    expect(seen.sort()).toEqual(['10.51.0.1', '10.51.0.2', '10.51.0.3']);
    const bad = await me.call('GET', '/alerts?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(messages.invalidCursor);
    expect((await me.call('GET', '/alerts?limit=101')).status).toBe(400);
    // Another account: its own list is empty, and this account's list is not found.
    const stranger = await accountSession(t.current, { tier: 1 });
    expect((await stranger.call('GET', '/alerts')).body).toEqual({ items: [], nextCursor: null });
    const peek = await stranger.client.get(`/api/accounts/${me.accountId}/alerts`);
    expect(peek.status).toBe(404);
    expect(JSON.stringify(peek.body)).not.toContain('10.51.0.1');
  });

  it('announces new alerts live to the members watching the account', async () => {
    const { me, subnetId, key } = await scannedSubnet(t.current, '10.52.0.0/29', 'auto');
    const stream = await openEventStream(
      `${t.current.baseUrl}/api/accounts/${me.accountId}/events`,
      cookieOf(me.client),
    );
    try {
      expect(stream.status).toBe(200);
      await agent(t.current, key).results({ subnetId, ...times, hosts: [up('10.52.0.4')] });
      const event = await stream.waitFor((e) => e.kind === 'alert');
      const [alert] = (await me.call('GET', '/alerts')).body.items;
      expect(event).toEqual({ kind: 'alert', id: alert.id, subnetId });
    } finally {
      stream.close();
    }
  });

  it('sends the alerts to a webhook subscribed to them', { timeout: 60_000 }, async () => {
    receiver.received.length = 0;
    const { me, subnetId, key } = await scannedSubnet(t.current, '10.53.0.0/29', 'auto');
    const hook = await me.call('POST', '/webhooks', {
      url: receiver.url,
      events: ['address.discovered', 'address.mac_changed', 'address.stale'],
    });
    expect(hook.status).toBe(201);
    const scan = (hosts: unknown[]) => agent(t.current, key).results({ subnetId, ...times, hosts });
    await scan([up('10.53.0.1', 'aa:bb:cc:00:01:01')]);
    await scan([up('10.53.0.1', 'aa:bb:cc:00:01:02')]);
    await me.call('PATCH', `/subnets/${subnetId}`, { staleAfterDays: 7 });
    const deps = { db: t.current.db, events: noopEventPublisher };
    expect(await sweepStaleAddresses(deps, new Date(Date.now() + 8 * DAY_MS))).toBeGreaterThanOrEqual(1);
    await waitUntil(() => receiver.received.length >= 3);
    const mine = receiver.received.filter((r) => r.event.accountId === me.accountId);
    expect(mine.map((r) => r.event.type)).toEqual([
      'address.discovered',
      'address.mac_changed',
      'address.stale',
    ]);
    const [discovered, changed, stale] = mine.map((r) => r.event.data);
    expect(discovered).toMatchObject({
      before: null,
      after: { ipAddress: '10.53.0.1', mac: 'aa:bb:cc:00:01:01', lastSeenBy: 'HQ' },
      subnetId,
    });
    expect(changed).toMatchObject({
      before: { mac: 'aa:bb:cc:00:01:01' },
      after: { mac: 'aa:bb:cc:00:01:02', previousMac: 'aa:bb:cc:00:01:01' },
    });
    expect(stale).toMatchObject({ before: null, after: { ipAddress: '10.53.0.1', status: 'In Use' } });
  });

  it('offers no digest on a server that sends no e-mail, and refuses to pretend', async () => {
    const me = await accountSession(t.current);
    expect((await me.client.get('/api/auth/alert-digest')).body).toEqual({
      isAvailable: false,
      isOptedIn: false,
    });
    const refused = await me.client.put('/api/auth/alert-digest', { isOptedIn: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'mail_not_configured', error: messages.alertDigestNoMail });
    expect((await me.client.put('/api/auth/alert-digest', { isOptedIn: false })).status).toBe(200);
    expect((await me.client.put('/api/auth/alert-digest', { isOptedIn: 'yes' })).status).toBe(400);
    expect((await t.current.client().get('/api/auth/alert-digest')).status).toBe(401);
  });
});
