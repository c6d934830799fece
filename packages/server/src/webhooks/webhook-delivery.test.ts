import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp } from '../../test/factories.js';
import {
  accountSession,
  postGroup,
  postSubnet,
  sessionFor,
  type AccountSession,
} from '../../test/ipam-factories.js';
import {
  isValidSignature,
  startWebhookReceiver,
  waitUntil,
  type WebhookReceiver,
} from '../../test/webhook-receiver.js';

const fastOutbox = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_ALLOW_HTTP: 'true',
  OUTBOX_POLL_MS: '100',
  OUTBOX_RETRY_BASE_MS: '50',
  OUTBOX_RETRY_MAX_MS: '200',
};

const address = (status: string, hostname: string) => ({
  status,
  hostname,
  description: '',
  allowScannerUpdate: false,
});

describeEachDialect('webhook deliveries (%s)', (dialect) => {
  const t = useTestApp(dialect, fastOutbox);
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => receiver.close());

  async function ownerWithWebhook(
    events: string[],
  ): Promise<{ me: AccountSession; secret: string; id: string }> {
    const me = await accountSession(t.current, { tier: 1 });
    const created = await me.call('POST', '/webhooks', { url: receiver.url, events });
    expect(created.status).toBe(201);
    return { me, secret: created.body.secret, id: created.body.id };
  }

  it(
    'signs each delivery so the receiver can verify it, with the documented body',
    { timeout: 60_000 },
    async () => {
      receiver.received.length = 0;
      receiver.respondWith(() => 200);
      const { me, secret, id } = await ownerWithWebhook([
        'subnet.created',
        'address.created',
        'address.cleared',
      ]);
      const group = await postGroup(me, 'Sites');
      const subnet = (await postSubnet(me, group.id, '10.20.0.0/29')).body;
      await me.call('PUT', `/subnets/${subnet.id}/addresses/10.20.0.2`, address('In Use', 'db1'));
      await me.call('POST', `/subnets/${subnet.id}/addresses/10.20.0.2/clear`, {});
      await waitUntil(() => receiver.received.length >= 3);
      expect(receiver.received.map((r) => r.event.type)).toEqual([
        'subnet.created',
        'address.created',
        'address.cleared',
      ]);
      for (const delivery of receiver.received) {
        expect(
          isValidSignature(secret, delivery.headers['webhook-signature'] as string, delivery.rawBody),
        ).toBe(true);
        expect(
          isValidSignature('whsec_wrong', delivery.headers['webhook-signature'] as string, delivery.rawBody),
        ).toBe(false);
        expect(delivery.event.accountId).toBe(me.accountId);
        expect(delivery.headers['webhook-id']).toBe(delivery.event.id);
      }
      const [, created, cleared] = receiver.received;
      expect(created?.event.data).toMatchObject({
        before: { status: 'Available' },
        after: { status: 'In Use', hostname: 'db1' },
      });
      expect(cleared?.event.data).toMatchObject({
        before: { hostname: 'db1' },
        after: { status: 'Available' },
      });
      // The log shows each delivery with its answer.
      await waitUntil(async () => {
        const log = await me.call('GET', `/webhooks/${id}/deliveries`);
        return log.body.items.every((item: { state: string }) => item.state === 'delivered');
      });
      const log = await me.call('GET', `/webhooks/${id}/deliveries`);
      expect(log.body.items.map((item: { event: string }) => item.event)).toEqual([
        'address.cleared',
        'address.created',
        'subnet.created',
      ]);
      expect(log.body.items[0].lastAttempt).toMatchObject({ status: 200, responseExcerpt: 'thanks' });
    },
  );

  it(
    'sends nothing to a webhook that does not subscribe to the event, nor to an inactive one',
    { timeout: 60_000 },
    async () => {
      receiver.received.length = 0;
      const { me } = await ownerWithWebhook(['member.left']);
      const off = await me.call('POST', '/webhooks', {
        url: receiver.url,
        events: ['subnet.created'],
        active: false,
      });
      expect(off.status).toBe(201);
      const group = await postGroup(me, 'Quiet');
      await postSubnet(me, group.id, '10.21.0.0/29');
      const probe = await ownerWithWebhook(['subnet.created']);
      const probeGroup = await postGroup(probe.me, 'Probe');
      await postSubnet(probe.me, probeGroup.id, '10.22.0.0/29');
      // The probe's delivery comes after anything the first account would have caused.
      await waitUntil(() => receiver.received.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received.map((r) => r.event.accountId)).toEqual([probe.me.accountId]);
    },
  );

  it(
    'delivers each event once and in order to a receiver that fails three times first',
    { timeout: 60_000 },
    async () => {
      receiver.received.length = 0;
      receiver.respondWith((n) => (n <= 3 ? 503 : 200));
      const { me, id } = await ownerWithWebhook(['address.created', 'address.changed']);
      const group = await postGroup(me, 'Flaky');
      const subnet = (await postSubnet(me, group.id, '10.23.0.0/28')).body;
      const hosts = ['a', 'b', 'c', 'd', 'e'];
      for (const [i, host] of hosts.entries()) {
        await me.call('PUT', `/subnets/${subnet.id}/addresses/10.23.0.${i + 1}`, address('In Use', host));
      }
      await waitUntil(() => receiver.received.filter((r) => r.status === 200).length >= 5, 40_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const accepted = receiver.received.filter((r) => r.status === 200);
      expect(accepted.map((r) => (r.event.data.after as { hostname: string }).hostname)).toEqual(hosts);
      expect(new Set(accepted.map((r) => r.event.id)).size).toBe(5);
      // The three refusals were all of the first event: the later ones waited behind it.
      const refused = receiver.received.filter((r) => r.status !== 200);
      expect(refused.map((r) => (r.event.data.after as { hostname: string }).hostname)).toEqual([
        'a',
        'a',
        'a',
      ]);
      const log = await me.call('GET', `/webhooks/${id}/deliveries`);
      expect(log.body.items.at(-1)).toMatchObject({
        event: 'address.created',
        state: 'delivered',
        attempts: 4,
      });
      receiver.respondWith(() => 200);
    },
  );

  it('sends a test event and redelivers a delivery with the same event id', { timeout: 60_000 }, async () => {
    receiver.received.length = 0;
    receiver.respondWith(() => 200);
    const { me, id, secret } = await ownerWithWebhook(['member.joined']);
    const test = await me.call('POST', `/webhooks/${id}/test`, {});
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ event: 'webhook.test' });
    // Answered after the commit: the worker, woken by it, may have delivered it already.
    expect(['pending', 'delivered']).toContain(test.body.state);
    await waitUntil(() => receiver.received.length === 1);
    const redone = await me.call('POST', `/webhooks/${id}/deliveries/${test.body.id}/redeliver`, {});
    expect(redone.status).toBe(202);
    await waitUntil(() => receiver.received.length === 2);
    const [first, second] = receiver.received;
    expect(second?.event.id).toBe(first?.event.id);
    expect(
      isValidSignature(secret, second?.headers['webhook-signature'] as string, second?.rawBody ?? ''),
    ).toBe(true);
    // A member joining by invite is an event too (it does not go through runChange).
    const email = uniqueEmail('joiner');
    await me.call('POST', '/invites', { email });
    await signUp(t.current, email);
    await waitUntil(() => receiver.received.length === 3);
    expect(receiver.received[2]?.event).toMatchObject({ type: 'member.joined', data: { after: { email } } });
  });

  it('keeps webhooks to the owner, and another account out', async () => {
    const { me, id } = await ownerWithWebhook(['subnet.created']);
    const memberEmail = uniqueEmail('member');
    await me.call('POST', '/invites', { email: memberEmail });
    const member = await signUp(t.current, memberEmail);
    const asMember = sessionFor(member.client, { ...member, accountId: me.accountId });
    expect((await asMember.call('GET', '/webhooks')).status).toBe(403);
    expect(
      (await asMember.call('POST', '/webhooks', { url: receiver.url, events: ['subnet.created'] })).status,
    ).toBe(403);
    expect((await asMember.call('DELETE', `/webhooks/${id}`)).status).toBe(403);
    const stranger = await accountSession(t.current);
    // Another account's webhook id is not found from the stranger's own account.
    expect((await stranger.call('PATCH', `/webhooks/${id}`, { active: false })).status).toBe(404);
    expect((await stranger.call('GET', `/webhooks/${id}/deliveries`)).status).toBe(404);
    expect((await stranger.call('DELETE', `/webhooks/${id}`)).status).toBe(404);
    expect((await stranger.call('POST', `/webhooks/${id}/test`, {})).status).toBe(404);
    // Nor can the stranger replay the owner's delivery through a webhook of their own.
    const test = await me.call('POST', `/webhooks/${id}/test`, {});
    const own = await stranger.call('POST', '/webhooks', { url: receiver.url, events: ['subnet.created'] });
    const replay = await stranger.call(
      'POST',
      `/webhooks/${own.body.id}/deliveries/${test.body.id}/redeliver`,
      {},
    );
    expect(replay.status).toBe(404);
    expect((await stranger.call('GET', `/webhooks/${own.body.id}/deliveries`)).body.items).toEqual([]);
    const list = await me.call('GET', '/webhooks');
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).not.toHaveProperty('secret');
    const changed = await me.call('PATCH', `/webhooks/${id}`, {
      events: ['member.left', 'subnet.created'],
      active: false,
    });
    expect(changed.body).toMatchObject({ events: ['subnet.created', 'member.left'], active: false });
    expect((await me.call('DELETE', `/webhooks/${id}`)).status).toBe(204);
    expect((await me.call('GET', '/webhooks')).body.items).toEqual([]);
  });
});

describeEachDialect('webhook addresses without WEBHOOK_ALLOW_PRIVATE (%s)', (dialect) => {
  const t = useTestApp(dialect, { OUTBOX_POLL_MS: '100' });

  it(
    'refuses private, loopback and link-local addresses and http, and gives up a name that resolves to loopback',
    { timeout: 60_000 },
    async () => {
      const me = await accountSession(t.current);
      for (const url of [
        'https://127.0.0.1/hook',
        'https://10.0.0.8/hook',
        'https://169.254.169.254/hook',
        'https://[::1]/hook',
        'http://hooks.example.com/hook',
      ]) {
        const response = await me.call('POST', '/webhooks', { url, events: ['subnet.created'] });
        expect(response.status, url).toBe(400);
        expect(response.body.fields.url).toBeDefined();
      }
      // A name is judged after resolution, when sending: localhost is loopback.
      const created = await me.call('POST', '/webhooks', {
        url: 'https://localhost:9/hook',
        events: ['subnet.created'],
      });
      expect(created.status).toBe(201);
      const test = await me.call('POST', `/webhooks/${created.body.id}/test`, {});
      await waitUntil(async () => {
        const log = await me.call('GET', `/webhooks/${created.body.id}/deliveries`);
        return log.body.items[0]?.id === test.body.id && log.body.items[0].state === 'failed';
      });
      const log = await me.call('GET', `/webhooks/${created.body.id}/deliveries`);
      expect(log.body.items[0]).toMatchObject({ attempts: 1, lastAttempt: { status: null } });
      expect(log.body.items[0].lastAttempt.error).toMatch(/^refused: localhost/);
    },
  );
});

describeEachDialect('a webhook that keeps failing (%s)', (dialect) => {
  // The give-up age (24 h in production) shortened to one second.
  const t = useTestApp(dialect, { ...fastOutbox, OUTBOX_GIVE_UP_SECONDS: '1' });
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.respondWith(() => 500);
  });
  afterAll(async () => receiver.close());

  it('is turned off with a notice, and turning it on clears the notice', { timeout: 60_000 }, async () => {
    const me = await accountSession(t.current, { tier: 1 });
    const created = await me.call('POST', '/webhooks', { url: receiver.url, events: ['subnet.created'] });
    const group = await postGroup(me, 'Down');
    await postSubnet(me, group.id, '10.30.0.0/29');
    await waitUntil(async () => (await me.call('GET', '/webhooks')).body.items[0].active === false);
    const [webhook] = (await me.call('GET', '/webhooks')).body.items;
    expect(webhook.disabledAt).not.toBeNull();
    const log = await me.call('GET', `/webhooks/${created.body.id}/deliveries`);
    expect(log.body.items[0]).toMatchObject({ event: 'subnet.created', state: 'failed' });
    const on = await me.call('PATCH', `/webhooks/${created.body.id}`, { active: true });
    expect(on.body).toMatchObject({ active: true, disabledAt: null, failingSince: null });
  });
});
