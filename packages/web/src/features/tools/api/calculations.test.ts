import type { SavedIPv4, SavedIPv6 } from '@ipam/core/api/calculation';
import { successOf } from '@ipam/core/api/route-table';
import { calculationRoutes } from '@ipam/core/api/routes/calculations';
import { calculateIPv4 } from '@ipam/core/calculator-ipv4';
import { calculateIPv6 } from '@ipam/core/calculator-ipv6';
import { describe, expect, it } from 'vitest';
import { fromSavedIPv4, fromSavedIPv6 } from './calculations.js';

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

/** A saved IPv4 calculation exactly as the server sends it (core's savedIPv4Response). */
const savedIPv4: SavedIPv4 = {
  id: '12',
  createdAt: '2026-11-22T08:00:00.000Z',
  createdBy: 'u1',
  createdByEmail: 'ops@example.com',
  type: 'ipv4',
  ipAddress: '192.168.1.77',
  subnetMask: '255.255.255.0',
  cidr: 24,
  calculationResult: ipv4('192.168.1.77', '255.255.255.0'),
};

const savedIPv6: SavedIPv6 = {
  id: '13',
  createdAt: '2026-11-22T09:00:00.000Z',
  createdBy: null,
  createdByEmail: null,
  type: 'ipv6',
  ipAddress: '2001:db8::1',
  prefixLength: '/64',
  prefixLengthNumber: 64,
  calculationResult: ipv6('2001:db8::1', '/64'),
};

describe('saved calculations', () => {
  it('read an IPv4 answer as the mask as typed plus the result', () => {
    expect(fromSavedIPv4(savedIPv4)).toEqual({
      id: '12',
      ipAddress: '192.168.1.77',
      mask: '255.255.255.0',
      result: savedIPv4.calculationResult,
      createdAt: '2026-11-22T08:00:00.000Z',
      createdByEmail: 'ops@example.com',
    });
  });

  it('read an IPv6 answer with the prefix length as typed as its mask', () => {
    const saved = fromSavedIPv6(savedIPv6);
    expect([saved.mask, saved.result.lastAddress, saved.createdByEmail]).toEqual([
      '/64',
      '2001:db8::ffff:ffff:ffff:ffff',
      null,
    ]);
  });

  it("are read by the save route's answer schema, which refuses another shape (a numeric id, the other calculator's type)", () => {
    const answer = successOf(calculationRoutes.saveIPv4).schema;
    expect(answer.parse(savedIPv4)).toEqual(savedIPv4);
    expect(() => answer.parse({ ...savedIPv4, id: 12 })).toThrow();
    expect(() => answer.parse({ ...savedIPv4, type: 'ipv6' })).toThrow();
  });
});
