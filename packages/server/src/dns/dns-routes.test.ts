import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import {
  digShort,
  startBind,
  startPowerDns,
  type BindServer,
  type PowerDnsServer,
} from '../../test/dns-servers.js';
import { signUp, useTestApp } from '../../test/factories.js';
import {
  accountSession,
  inUseFields,
  postGroup,
  postSubnet,
  sessionFor,
  type AccountSession,
} from '../../test/ipam-factories.js';
import { pageAudit } from '../audit/audit-repository.js';
import { PowerDnsClient } from './powerdns-client.js';
import { Rfc2136Client } from './rfc2136-client.js';

const ZONE = 'example.test';
let pdns: PowerDnsServer;
let bind: BindServer;

beforeAll(async () => {
  const reverseZones = ['2.0.192.in-addr.arpa', '51.198.in-addr.arpa', '100.51.198.in-addr.arpa'];
  // One after the other: a server that fails to start must not leave the other one unstopped.
  pdns = await startPowerDns();
  bind = await startBind([ZONE, ...reverseZones]);
  for (const zone of [ZONE, ...reverseZones]) await pdns.createZone(zone);
}, 60_000);

afterAll(async () => {
  await Promise.all([pdns?.stop(), bind?.stop()]);
});

function powerDnsBody(name = 'pdns') {
  return { name, kind: 'powerdns', endpoint: pdns.apiUrl, secret: pdns.apiKey };
}

function bindBody(name = 'bind') {
  return {
    name,
    kind: 'rfc2136',
    endpoint: `127.0.0.1:${bind.port}`,
    tsigKeyName: bind.keyName,
    tsigAlgorithm: 'hmac-sha256',
    secret: bind.secret,
  };
}

async function subnetWithDns(me: AccountSession, cidr: string, provider: Record<string, unknown>) {
  const group = await postGroup(me, `G ${randomUUID().slice(0, 6)}`);
  const subnet = (await postSubnet(me, group.id, cidr)).body as { id: string };
  const created = await me.call('POST', '/dns/providers', provider);
  expect(created.status).toBe(201);
  const settings = await me.call('PUT', `/dns/groups/${group.id}`, {
    providerId: created.body.id,
    forwardZone: ZONE,
    reverseZone: null,
  });
  expect(settings.status).toBe(200);
  return { groupId: group.id, subnetId: subnet.id, providerId: created.body.id as string };
}

for (const [index, dialect] of DIALECTS.entries()) {
  // Each engine's run gets its own addresses: the DNS servers are shared by both runs.
  const base = 64 * index;
  const ip = (n: number) => `192.0.2.${base + n}`;
  describeOn(dialect)(`DNS routes (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('keeps provider secrets write-only: never answered, never in the audit log, kept when an edit leaves them out', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const created = await me.call('POST', '/dns/providers', bindBody());
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ kind: 'rfc2136', tsigKeyName: bind.keyName, hasSecret: true });
      const edited = await me.call('PATCH', `/dns/providers/${created.body.id}`, {
        ...bindBody('renamed'),
        secret: undefined,
      });
      expect(edited.body.name).toBe('renamed');
      const listed = await me.call('GET', '/dns/providers');
      const audit = await pageAudit(t.current.db, me.accountId, { limit: 50 });
      for (const text of [created.text, edited.text, listed.text, JSON.stringify(audit)])
        expect(text).not.toContain(bind.secret);
      // The stored secret still works after the edit that left it out.
      const { subnetId } = await subnetWithDnsUsing(me, created.body.id, `192.0.2.${base + 48}/28`);
      expect((await me.call('GET', `/dns/subnets/${subnetId}/compare`)).status).toBe(200);
    }, 60_000);

    it('lets only the owner manage providers and keeps other accounts out (404)', async () => {
      const owner = await signUp(t.current);
      const ownerSession = sessionFor(owner.client, owner);
      const provider = await ownerSession.call('POST', '/dns/providers', powerDnsBody());
      const stranger = await accountSession(t.current);
      const stolen = await stranger.client.request(
        'PATCH',
        `/api/accounts/${stranger.accountId}/dns/providers/${provider.body.id}`,
        powerDnsBody('x'),
      );
      expect(stolen.status).toBe(404);
      const theirs = await stranger.client.get(`/api/accounts/${owner.accountId}/dns/providers`);
      expect(theirs.status).toBe(404);
      await ownerSession.call('POST', '/invites', { email: 'dns-member@example.test' });
      const member = await signUp(t.current, 'dns-member@example.test');
      const asMember = await member.client.request(
        'POST',
        `/api/accounts/${owner.accountId}/dns/providers`,
        powerDnsBody('m'),
      );
      expect(asMember.status).toBe(403);
    }, 60_000);

    it('inherits group settings down the tree, derives the reverse zone, and lets a subnet override', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const provider = (await me.call('POST', '/dns/providers', powerDnsBody())).body;
      const top = await postGroup(me, 'Top');
      const child = await postGroup(me, 'Child', top.id);
      const subnet = (await postSubnet(me, child.id, '198.51.100.64/26')).body as { id: string };
      await me.call('PUT', `/dns/groups/${top.id}`, {
        providerId: provider.id,
        forwardZone: 'Example.Test.',
        reverseZone: null,
      });
      const inherited = await me.call('GET', `/dns/subnets/${subnet.id}`);
      expect(inherited.body).toEqual({
        own: null,
        effective: {
          providerId: provider.id,
          providerName: 'pdns',
          forwardZone: 'example.test',
          reverseZone: '100.51.198.in-addr.arpa',
          inheritedFrom: { kind: 'group', id: top.id, name: 'Top' },
        },
      });
      await me.call('PUT', `/dns/subnets/${subnet.id}`, {
        providerId: provider.id,
        forwardZone: 'lab.test',
        reverseZone: '51.198.in-addr.arpa',
      });
      const own = await me.call('GET', `/dns/subnets/${subnet.id}`);
      expect(own.body.effective).toMatchObject({
        forwardZone: 'lab.test',
        reverseZone: '51.198.in-addr.arpa',
        inheritedFrom: { kind: 'subnet' },
      });
      expect((await me.call('DELETE', `/dns/providers/${provider.id}`)).status).toBe(409);
    }, 60_000);

    it('compares with PowerDNS: finds missing and extra records and fixes them both ways', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const { subnetId } = await subnetWithDns(me, `192.0.2.${base}/27`, powerDnsBody());
      await me.call('PUT', `/subnets/${subnetId}/addresses/${ip(21)}`, inUseFields(`cmp-${dialect}`));
      // The outbox writes the records; then someone deletes them behind the IPAM's back.
      await eventually(async () =>
        expect(await digShort(pdns.dnsPort, `${base + 21}.2.0.192.in-addr.arpa`, 'PTR')).toHaveLength(1),
      );
      const direct = new PowerDnsClient({ url: pdns.apiUrl, apiKey: pdns.apiKey });
      await direct.remove(ZONE, { name: `cmp-${dialect}.example.test`, type: 'A', value: ip(21) });
      await direct.remove('2.0.192.in-addr.arpa', {
        name: `${base + 21}.2.0.192.in-addr.arpa`,
        type: 'PTR',
        value: `cmp-${dialect}.example.test`,
      });
      const before = await me.call('GET', `/dns/subnets/${subnetId}/compare`);
      expect(
        before.body.items.map((i: { kind: string; type: string }) => `${i.kind} ${i.type}`).sort(),
      ).toEqual(['missing A', 'missing PTR']);
      expect(
        (await me.call('POST', `/dns/subnets/${subnetId}/compare/fix`, { direction: 'to-dns', keys: null }))
          .body,
      ).toEqual({ fixed: 2 });
      expect(await digShort(pdns.dnsPort, `cmp-${dialect}.example.test`, 'A')).toEqual([ip(21)]);
      expect(await digShort(pdns.dnsPort, `${base + 21}.2.0.192.in-addr.arpa`, 'PTR')).toEqual([
        `cmp-${dialect}.example.test.`,
      ]);
      expect((await me.call('GET', `/dns/subnets/${subnetId}/compare`)).body.items).toEqual([]);

      // A record made behind the IPAM's back is found, and taken into the IPAM.
      await new PowerDnsClient({ url: pdns.apiUrl, apiKey: pdns.apiKey }).upsert(ZONE, {
        name: `sneaky-${dialect}.example.test`,
        type: 'A',
        value: ip(22),
      });
      const drift = await me.call('GET', `/dns/subnets/${subnetId}/compare`);
      expect(drift.body.items).toEqual([
        expect.objectContaining({
          kind: 'extra',
          type: 'A',
          name: `sneaky-${dialect}.example.test`,
          dnsValue: ip(22),
        }),
      ]);
      await me.call('POST', `/dns/subnets/${subnetId}/compare/fix`, {
        direction: 'to-ipam',
        keys: [drift.body.items[0].key],
      });
      const address = await me.call('GET', `/subnets/${subnetId}/addresses/${ip(22)}`);
      expect(address.body).toMatchObject({ hostname: `sneaky-${dialect}.example.test`, status: 'In Use' });
    }, 60_000);

    it('sends an address change to DNS through the outbox after it commits: create, rename, delete, on both servers', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const viaPdns = await subnetWithDns(me, `192.0.2.${base + 16}/28`, powerDnsBody());
      const viaBind = await subnetWithDns(me, `192.0.2.${base + 48}/28`, bindBody('bind-e2e'));
      for (const [subnetId, port, n] of [
        [viaPdns.subnetId, () => pdns.dnsPort, base + 17],
        [viaBind.subnetId, () => bind.port, base + 49],
      ] as const) {
        const address = `192.0.2.${n}`;
        const ptr = `${n}.2.0.192.in-addr.arpa`;
        const name = (label: string) => `${label}-${dialect}-${n}.example.test`;
        await me.call(
          'PUT',
          `/subnets/${subnetId}/addresses/${address}`,
          inUseFields(`live-${dialect}-${n}`),
        );
        await eventually(async () => expect(await digShort(port(), name('live'), 'A')).toEqual([address]));
        await eventually(async () =>
          expect(await digShort(port(), ptr, 'PTR')).toEqual([`${name('live')}.`]),
        );
        await me.call(
          'PUT',
          `/subnets/${subnetId}/addresses/${address}`,
          inUseFields(`moved-${dialect}-${n}`),
        );
        await eventually(async () =>
          expect(await digShort(port(), ptr, 'PTR')).toEqual([`${name('moved')}.`]),
        );
        expect(await digShort(port(), name('live'), 'A')).toEqual([]);
        await me.call('POST', `/subnets/${subnetId}/addresses/${address}/clear`, {});
        await eventually(async () => expect(await digShort(port(), name('moved'), 'A')).toEqual([]));
        await eventually(async () => expect(await digShort(port(), ptr, 'PTR')).toEqual([]));
      }
    }, 90_000);

    it('compares with BIND through a TSIG-signed zone transfer and removes an extra record', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const { subnetId } = await subnetWithDns(me, `192.0.2.${base + 32}/27`, bindBody());
      const key = { name: bind.keyName, algorithm: 'hmac-sha256' as const, secret: bind.secret };
      await new Rfc2136Client({ host: '127.0.0.1', port: bind.port, key }).upsert(ZONE, {
        name: `extra-${dialect}.example.test`,
        type: 'A',
        value: ip(40),
      });
      const drift = await me.call('GET', `/dns/subnets/${subnetId}/compare`);
      expect(drift.body.items).toEqual([expect.objectContaining({ kind: 'extra', dnsValue: ip(40) })]);
      await me.call('POST', `/dns/subnets/${subnetId}/compare/fix`, { direction: 'to-dns', keys: null });
      expect(await digShort(bind.port, `extra-${dialect}.example.test`, 'A')).toEqual([]);
    }, 60_000);
  });
}

/** Retries an expectation until it holds or 15 s pass (the outbox sends after the commit). */
async function eventually(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function subnetWithDnsUsing(me: AccountSession, providerId: string, cidr: string) {
  const group = await postGroup(me, `G ${randomUUID().slice(0, 6)}`);
  const subnet = (await postSubnet(me, group.id, cidr)).body as { id: string };
  await me.call('PUT', `/dns/subnets/${subnet.id}`, { providerId, forwardZone: ZONE, reverseZone: null });
  return { subnetId: subnet.id };
}
