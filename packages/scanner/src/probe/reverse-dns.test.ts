import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackDns, type LoopbackDns } from '../../test/loopback.js';
import { pickHostname, reverseLookup } from './reverse-dns.js';

describe('reverseLookup against a DNS server on loopback', () => {
  let dns: LoopbackDns;
  beforeAll(async () => {
    dns = await startLoopbackDns({ '2.0.0.127.in-addr.arpa': 'printer.office.lan' }, [
      '3.0.0.127.in-addr.arpa',
    ]);
  });
  afterAll(() => dns.close());

  it('gives the PTR name without its trailing dot', async () => {
    const lookup = reverseLookup({ timeoutMs: 1000, servers: [dns.server] });
    expect(await lookup('127.0.0.2')).toBe('printer.office.lan');
    expect(dns.questions).toContain('2.0.0.127.in-addr.arpa');
  });

  it('gives null for an address without a name', async () => {
    const lookup = reverseLookup({ timeoutMs: 1000, servers: [dns.server] });
    expect(await lookup('127.0.0.4')).toBeNull();
  });

  it('gives null once the timeout passes without an answer', async () => {
    const lookup = reverseLookup({ timeoutMs: 300, servers: [dns.server] });
    const started = performance.now();
    expect(await lookup('127.0.0.3')).toBeNull();
    // Without the timeout the resolver's own retries would take over a minute; 10 s tells them apart
    // even on a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('pickHostname', () => {
  it('takes the first name, drops the root dot, and refuses what no hostname field holds', () => {
    expect(pickHostname(['host.example.', 'alias.example.'])).toBe('host.example');
    expect(pickHostname([])).toBeNull();
    expect(pickHostname(['.'])).toBeNull();
    expect(pickHostname([`${'a'.repeat(254)}`])).toBeNull();
  });

  it('skips names that are no hostname for the first one that is', () => {
    expect(pickHostname(['printer 2nd floor.example.', 'printer-2.example.'])).toBe('printer-2.example');
    expect(pickHostname(['-bad.example.', 'a..b.example.'])).toBeNull();
    expect(pickHostname(['_ldap-dc1.example.'])).toBe('_ldap-dc1.example');
  });
});
