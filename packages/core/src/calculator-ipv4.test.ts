import { describe, expect, it } from 'vitest';
import { calculateIPv4 } from './calculator-ipv4.js';
import { messages } from './messages.js';

function result(address: string, mask: string) {
  const outcome = calculateIPv4(address, mask);
  if (!outcome.ok) throw new Error(`expected a result for ${address} ${mask}: ${outcome.error.message}`);
  return outcome.result;
}

describe('calculateIPv4', () => {
  it('describes 192.168.1.10/24 in full', () => {
    expect(result('192.168.1.10', '/24')).toEqual({
      version: 4,
      address: '192.168.1.10',
      cidr: 24,
      networkAddress: '192.168.1.0',
      broadcastAddress: '192.168.1.255',
      firstUsable: '192.168.1.1',
      lastUsable: '192.168.1.254',
      usableIpRange: '192.168.1.1 - 192.168.1.254',
      totalAddresses: 256,
      totalHosts: 254,
      subnetMask: '255.255.255.0',
      wildcardMask: '0.0.0.255',
      binarySubnetMask: '11111111.11111111.11111111.00000000',
      ipClass: 'C',
      ipType: 'Private',
    });
  });

  it.each([['/24'], ['24'], ['255.255.255.0'], [' /24 ']])('reads the mask %s as /24', (mask) => {
    expect(result('10.1.2.3', mask).networkAddress).toBe('10.1.2.0');
  });

  it('covers everything at /0', () => {
    const r = result('10.1.2.3', '0');
    expect([r.networkAddress, r.broadcastAddress, r.totalAddresses, r.totalHosts, r.subnetMask]).toEqual([
      '0.0.0.0',
      '255.255.255.255',
      4294967296,
      4294967294,
      '0.0.0.0',
    ]);
  });

  it('makes both addresses of a /31 usable, without broadcast (RFC 3021)', () => {
    const r = result('10.0.0.7', '/31');
    expect([r.networkAddress, r.broadcastAddress, r.usableIpRange, r.totalHosts]).toEqual([
      '10.0.0.6',
      null,
      '10.0.0.6 - 10.0.0.7',
      2,
    ]);
  });

  it('makes a /32 one usable host, without broadcast', () => {
    const r = result('10.0.0.7', '255.255.255.255');
    expect([r.networkAddress, r.broadcastAddress, r.usableIpRange, r.totalHosts, r.wildcardMask]).toEqual([
      '10.0.0.7',
      null,
      '10.0.0.7 - 10.0.0.7',
      1,
      '0.0.0.0',
    ]);
  });

  it('handles the top of the range: 255.255.255.255/30', () => {
    const r = result('255.255.255.255', '/30');
    expect([r.networkAddress, r.broadcastAddress, r.lastUsable, r.ipClass, r.ipType]).toEqual([
      '255.255.255.252',
      '255.255.255.255',
      '255.255.255.254',
      'E (Experimental)',
      'Limited Broadcast',
    ]);
  });

  it.each([
    ['0.0.0.0', 'A'],
    ['127.255.255.255', 'A'],
    ['128.0.0.0', 'B'],
    ['191.255.0.0', 'B'],
    ['192.0.0.0', 'C'],
    ['223.255.255.255', 'C'],
    ['224.0.0.1', 'D (Multicast)'],
    ['240.0.0.1', 'E (Experimental)'],
  ])('classes %s as %s', (address, ipClass) => {
    expect(result(address, '/32').ipClass).toBe(ipClass);
  });

  it.each([['10.0.0'], ['010.0.0.1'], ['10.0.0.256'], [''], ['2001:db8::1'], ['10.0.0.1/24']])(
    'refuses the address %s with the spec message',
    (address) => {
      expect(calculateIPv4(address, '/24')).toEqual({
        ok: false,
        error: { code: 'invalid_ipv4_address', message: messages.invalidIPv4Format },
      });
    },
  );

  it.each([['/33'], ['/08'], ['255.0.255.0'], [''], ['abc']])(
    'refuses the mask %s with the spec message',
    (mask) => {
      expect(calculateIPv4('10.0.0.1', mask)).toEqual({
        ok: false,
        error: { code: 'invalid_subnet_mask', message: messages.invalidSubnetMask },
      });
    },
  );
});
