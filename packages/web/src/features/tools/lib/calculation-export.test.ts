import { calculateIPv4 } from '@ipam/core/calculator-ipv4';
import { calculateIPv6 } from '@ipam/core/calculator-ipv6';
import { describe, expect, it } from 'vitest';
import {
  ipv4ResultCsv,
  ipv4SavedCsv,
  ipv6ResultCsv,
  ipv6SavedCsv,
  resultFileName,
  savedFileName,
} from './calculation-export.js';

function ipv4(address: string, mask: string) {
  const outcome = calculateIPv4(address, mask);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.result;
}

function ipv6(address: string, prefix: string) {
  const outcome = calculateIPv6(address, prefix);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.result;
}

describe('result CSV', () => {
  it('lists the inputs as typed and every IPv4 field with plain numbers', () => {
    const csv = ipv4ResultCsv({
      ipAddress: '192.168.1.77',
      mask: '255.255.255.0',
      result: ipv4('192.168.1.77', '255.255.255.0'),
    });
    expect(csv.split('\r\n')).toEqual([
      'Field,Value',
      'IP Address Entered,192.168.1.77',
      'Subnet Mask Entered,255.255.255.0',
      'CIDR Notation,192.168.1.0/24',
      'Network Address,192.168.1.0',
      'Broadcast Address,192.168.1.255',
      'Usable IP Range,192.168.1.1 - 192.168.1.254',
      'First Usable,192.168.1.1',
      'Last Usable,192.168.1.254',
      'Total Addresses,256',
      'Usable Hosts,254',
      'Subnet Mask,255.255.255.0',
      'Wildcard Mask,0.0.0.255',
      'Binary Subnet Mask,11111111.11111111.11111111.00000000',
      'IP Class,C',
      'IP Type,Private',
      '',
    ]);
  });

  it('says a /31 has no broadcast address', () => {
    const csv = ipv4ResultCsv({ ipAddress: '10.0.0.0', mask: '/31', result: ipv4('10.0.0.0', '/31') });
    expect(csv).toContain('Broadcast Address,None (/31 and /32 have no broadcast address)\r\n');
    expect(csv).toContain('Usable Hosts,2\r\n');
  });

  it('writes IPv6 totals as exact decimals and the last address', () => {
    const csv = ipv6ResultCsv({ ipAddress: '2001:db8::1', mask: '/64', result: ipv6('2001:db8::1', '/64') });
    expect(csv).toContain('Prefix Length Entered,/64\r\n');
    expect(csv).toContain('Last Address,2001:db8::ffff:ffff:ffff:ffff\r\n');
    expect(csv).toContain('Total Addresses,18446744073709551616\r\n');
    expect(csv).toContain(
      'Broadcast Address,None: IPv6 has no broadcast address (multicast replaces it)\r\n',
    );
  });
});

describe('saved CSV', () => {
  it('writes one line per saved calculation and neutralises a formula-like e-mail', () => {
    const csv = ipv4SavedCsv([
      {
        ipAddress: '10.0.0.1',
        mask: '8',
        result: ipv4('10.0.0.1', '8'),
        createdAt: '2026-11-22T08:00:00.000Z',
        createdByEmail: '+ops@example.com',
      },
    ]);
    const [header, line] = csv.split('\r\n');
    expect(
      header?.startsWith('Saved At,Saved By,IP Address Entered,Subnet Mask Entered,CIDR Notation,'),
    ).toBe(true);
    expect(line).toBe(
      "2026-11-22T08:00:00.000Z,'+ops@example.com,10.0.0.1,8,10.0.0.0/8,10.0.0.0,10.255.255.255," +
        '10.0.0.1 - 10.255.255.254,10.0.0.1,10.255.255.254,16777216,16777214,255.0.0.0,0.255.255.255,' +
        '11111111.00000000.00000000.00000000,A,Private',
    );
  });

  it('writes an empty cell for a saver who no longer exists', () => {
    const csv = ipv6SavedCsv([
      {
        ipAddress: 'fd00::1',
        mask: '48',
        result: ipv6('fd00::1', '48'),
        createdAt: 'x',
        createdByEmail: null,
      },
    ]);
    expect(csv.split('\r\n')[1]?.startsWith('x,,fd00::1,48,fd00::/48,')).toBe(true);
  });
});

describe('file names', () => {
  const day = new Date(2026, 10, 22, 12);
  it('name the network, the prefix and the day', () => {
    expect(resultFileName('ipv4', ipv4('192.168.1.77', '/24'), day)).toBe(
      'ipv4-subnet-192.168.1.0-24-2026-11-22.csv',
    );
    expect(resultFileName('ipv6', ipv6('2001:db8::1', '64'), day)).toBe(
      'ipv6-subnet-2001_db8__-64-2026-11-22.csv',
    );
    expect(savedFileName('ipv6', day)).toBe('saved-ipv6-subnets-2026-11-22.csv');
  });
});
