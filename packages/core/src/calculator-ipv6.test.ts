import { describe, expect, it } from 'vitest';
import { calculateIPv6 } from './calculator-ipv6.js';
import { messages } from './messages.js';

function result(address: string, prefix: string) {
  const outcome = calculateIPv6(address, prefix);
  if (!outcome.ok) throw new Error(`expected a result for ${address} ${prefix}: ${outcome.error.message}`);
  return outcome.result;
}

describe('calculateIPv6', () => {
  it('describes 2001:DB8::1/64 in full', () => {
    expect(result('2001:DB8::1', '/64')).toEqual({
      version: 6,
      address: '2001:db8::1',
      cidr: 64,
      networkAddress: '2001:db8::',
      lastAddress: '2001:db8::ffff:ffff:ffff:ffff',
      broadcastAddress: null,
      firstUsable: '2001:db8::',
      lastUsable: '2001:db8::ffff:ffff:ffff:ffff',
      usableIpRange: '2001:db8:: - 2001:db8::ffff:ffff:ffff:ffff',
      totalAddresses: '18446744073709551616',
      totalHosts: '18446744073709551616',
      subnetMask: 'ffff:ffff:ffff:ffff::',
      ipType: 'Documentation',
    });
  });

  it.each([['/64'], ['64'], [' 64 ']])('reads the prefix %s as /64', (prefix) => {
    expect(result('2001:db8::1', prefix).cidr).toBe(64);
  });

  it('covers everything at ::/0', () => {
    const r = result('::', '/0');
    expect([r.networkAddress, r.lastAddress, r.totalHosts, r.subnetMask, r.ipType]).toEqual([
      '::',
      'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      '340282366920938463463374607431768211456',
      '::',
      'Unspecified',
    ]);
  });

  it('gives ::1/128 one address', () => {
    const r = result('::1', '128');
    expect([r.networkAddress, r.lastAddress, r.totalHosts, r.ipType]).toEqual([
      '::1',
      '::1',
      '1',
      'Loopback',
    ]);
  });

  it('gives a /127 two usable addresses', () => {
    const r = result('2001:db8::1', '/127');
    expect([r.usableIpRange, r.totalHosts]).toEqual(['2001:db8:: - 2001:db8::1', '2']);
  });

  it('keeps the zone of a link-local address', () => {
    const r = result('FE80::1%eth0', '/10');
    expect([r.address, r.networkAddress, r.lastAddress, r.ipType]).toEqual([
      'fe80::1%eth0',
      'fe80::',
      'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      'Link-Local',
    ]);
  });

  it('writes IPv4-mapped addresses in mixed notation', () => {
    const r = result('::ffff:192.0.2.1', '/120');
    expect([r.address, r.networkAddress, r.lastAddress, r.ipType]).toEqual([
      '::ffff:192.0.2.1',
      '::ffff:192.0.2.0',
      '::ffff:192.0.2.255',
      'IPv4-mapped',
    ]);
  });

  it.each([['2001:db8::1%eth0'], ['1::2::3'], ['192.0.2.1'], [''], ['1:2:3:4:5:6:7:8:9']])(
    'refuses the address %s with the spec message',
    (address) => {
      expect(calculateIPv6(address, '/64')).toEqual({
        ok: false,
        error: { code: 'invalid_ipv6_address', message: messages.invalidIPv6Format },
      });
    },
  );

  it.each([['/129'], ['/064'], [''], ['ffff:ffff::'], ['-1']])(
    'refuses the prefix %s with the spec message',
    (prefix) => {
      expect(calculateIPv6('2001:db8::1', prefix)).toEqual({
        ok: false,
        error: { code: 'invalid_prefix_length', message: messages.invalidIPv6PrefixLength },
      });
    },
  );
});
