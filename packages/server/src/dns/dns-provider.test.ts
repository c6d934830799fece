import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  digShort,
  startBind,
  startPowerDns,
  type BindServer,
  type PowerDnsServer,
} from '../../test/dns-servers.js';
import type { DnsProvider } from './dns-provider.js';
import { PowerDnsClient } from './powerdns-client.js';
import { Rfc2136Client } from './rfc2136-client.js';

const FORWARD = 'example.test';
const REVERSE = '2.0.192.in-addr.arpa';
const REVERSE6 = '8.b.d.0.1.0.0.2.ip6.arpa';
const ZONES = [FORWARD, REVERSE, REVERSE6];
const PTR6 = '1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa';

let pdns: PowerDnsServer;
let bind: BindServer;
const servers: { label: string; provider: () => DnsProvider; port: () => number }[] = [
  {
    label: 'PowerDNS HTTP API',
    provider: () => new PowerDnsClient({ url: pdns.apiUrl, apiKey: pdns.apiKey }),
    port: () => pdns.dnsPort,
  },
  {
    label: 'BIND through RFC 2136 + TSIG',
    provider: () =>
      new Rfc2136Client({
        host: '127.0.0.1',
        port: bind.port,
        key: { name: bind.keyName, algorithm: 'hmac-sha256', secret: bind.secret },
      }),
    port: () => bind.port,
  },
];

beforeAll(async () => {
  // One after the other: a server that fails to start must not leave the other one unstopped.
  pdns = await startPowerDns();
  bind = await startBind(ZONES);
  for (const zone of ZONES) await pdns.createZone(zone);
}, 60_000);

afterAll(async () => {
  await Promise.all([pdns?.stop(), bind?.stop()]);
});

describe.each(servers)('$label', ({ provider, port }) => {
  it('creates, replaces and removes A and PTR records that dig then sees', async () => {
    const dns = provider();
    await dns.upsert(FORWARD, { name: 'web1.example.test', type: 'A', value: '192.0.2.10' });
    await dns.upsert(REVERSE, { name: '10.2.0.192.in-addr.arpa', type: 'PTR', value: 'web1.example.test' });
    expect(await digShort(port(), 'web1.example.test', 'A')).toEqual(['192.0.2.10']);
    expect(await digShort(port(), '10.2.0.192.in-addr.arpa', 'PTR')).toEqual(['web1.example.test.']);

    await dns.upsert(FORWARD, { name: 'web1.example.test', type: 'A', value: '192.0.2.11' });
    expect(await digShort(port(), 'web1.example.test', 'A')).toEqual(['192.0.2.11']);

    // A removal of the old value leaves the set that moved on; the current value's removal empties it.
    await dns.remove(FORWARD, { name: 'web1.example.test', type: 'A', value: '192.0.2.10' });
    expect(await digShort(port(), 'web1.example.test', 'A')).toEqual(['192.0.2.11']);
    await dns.remove(FORWARD, { name: 'web1.example.test', type: 'A', value: '192.0.2.11' });
    await dns.remove(FORWARD, { name: 'web1.example.test', type: 'A', value: '192.0.2.11' });
    expect(await digShort(port(), 'web1.example.test', 'A')).toEqual([]);
  }, 60_000);

  it('writes AAAA and ip6.arpa PTR records and lists the zones', async () => {
    const dns = provider();
    await dns.upsert(FORWARD, { name: 'v6.example.test', type: 'AAAA', value: '2001:db8::1' });
    await dns.upsert(REVERSE6, { name: PTR6, type: 'PTR', value: 'v6.example.test' });
    expect(await digShort(port(), 'v6.example.test', 'AAAA')).toEqual(['2001:db8::1']);
    expect(await digShort(port(), PTR6, 'PTR')).toEqual(['v6.example.test.']);
    expect(await dns.list(FORWARD)).toContainEqual({
      name: 'v6.example.test',
      type: 'AAAA',
      value: '2001:db8::1',
    });
    expect(await dns.list(REVERSE6)).toEqual([{ name: PTR6, type: 'PTR', value: 'v6.example.test' }]);
  }, 60_000);
});

describe('credentials', () => {
  it('refuses an RFC 2136 update signed with a wrong TSIG secret', async () => {
    const wrong = new Rfc2136Client({
      host: '127.0.0.1',
      port: bind.port,
      key: { name: bind.keyName, algorithm: 'hmac-sha256', secret: Buffer.alloc(32, 7).toString('base64') },
    });
    await expect(
      wrong.upsert(FORWARD, { name: 'evil.example.test', type: 'A', value: '192.0.2.66' }),
    ).rejects.toThrow(/TSIG|refused/);
    expect(await digShort(bind.port, 'evil.example.test', 'A')).toEqual([]);
  }, 60_000);

  it('refuses a PowerDNS change with a wrong API key', async () => {
    const wrong = new PowerDnsClient({ url: pdns.apiUrl, apiKey: 'not-the-key' });
    await expect(
      wrong.upsert(FORWARD, { name: 'evil.example.test', type: 'A', value: '192.0.2.66' }),
    ).rejects.toThrow(/401/);
  }, 60_000);
});
