import { describe, expect, it } from 'vitest';
import { BadJobError, MAX_SWEEP_ADDRESSES, planJob, targetsInside, toTarget } from './job-targets.js';

function sweep(version: 4 | 6, networkIP: string, prefixLength: number): string[] {
  const plan = planJob({ version, networkIP, prefixLength });
  if (plan.coverage !== 'sweep') throw new Error('expected a sweep');
  return plan.targets.map((target) => target.text);
}

describe('planJob', () => {
  it('sweeps the listed hosts of an IPv4 subnet: no network or broadcast address', () => {
    expect(sweep(4, '127.0.0.0', 29)).toEqual([
      '127.0.0.1',
      '127.0.0.2',
      '127.0.0.3',
      '127.0.0.4',
      '127.0.0.5',
      '127.0.0.6',
    ]);
  });

  it('sweeps both addresses of a /31 and the one of a /32', () => {
    expect(sweep(4, '10.0.0.0', 31)).toEqual(['10.0.0.0', '10.0.0.1']);
    expect(sweep(4, '10.0.0.7', 32)).toEqual(['10.0.0.7']);
  });

  it('clears host bits the server might have left', () => {
    expect(sweep(4, '10.0.0.9', 30)).toEqual(['10.0.0.9', '10.0.0.10']);
  });

  it('sweeps up to a /16 (65,534 hosts) and probes a /15 as known', () => {
    expect(sweep(4, '10.1.0.0', 16)).toHaveLength(65_534);
    const plan = planJob({ version: 4, networkIP: '10.0.0.0', prefixLength: 15 });
    expect(plan).toMatchObject({ coverage: 'known', listedCount: 131_070n });
  });

  it('sweeps an IPv6 /112 or longer and probes a /104 as known', () => {
    expect(sweep(6, '2001:db8::', 120)).toHaveLength(256);
    expect(sweep(6, '2001:db8::', 112)).toHaveLength(MAX_SWEEP_ADDRESSES);
    expect(planJob({ version: 6, networkIP: '2001:db8::', prefixLength: 104 }).coverage).toBe('known');
  });

  it('refuses a subnet it cannot read', () => {
    expect(() => planJob({ version: 4, networkIP: '10.0.0.256', prefixLength: 24 })).toThrow(BadJobError);
    expect(() => planJob({ version: 4, networkIP: '2001:db8::', prefixLength: 24 })).toThrow(BadJobError);
    expect(() => planJob({ version: 4, networkIP: '10.0.0.0', prefixLength: 33 })).toThrow(BadJobError);
    expect(() => planJob({ version: 6, networkIP: 'fe80::%eth0', prefixLength: 64 })).toThrow(BadJobError);
  });
});

describe('targetsInside', () => {
  it('keeps the listed addresses of the subnet, canonical, once each, in order', () => {
    const prefix = { version: 6 as const, network: 0x20010db8n << 96n, length: 104 };
    const found = targetsInside(prefix, [
      '2001:db8::20',
      '2001:DB8:0::5',
      '2001:db8::5',
      '2001:db9::1', // another subnet
      'fe80::1%eth0', // link-local: another subnet
      '10.0.0.1', // another version
      'garbage',
    ]);
    expect(found.map((target) => target.text)).toEqual(['2001:db8::5', '2001:db8::20']);
  });

  it('leaves out the network and broadcast address of an IPv4 subnet', () => {
    const prefix = { version: 4 as const, network: 0x0a000000n, length: 8 };
    const found = targetsInside(prefix, ['10.0.0.0', '10.255.255.255', '10.20.30.40']);
    expect(found.map((target) => target.text)).toEqual(['10.20.30.40']);
  });
});

describe('toTarget', () => {
  it('parses and formats canonically, or gives null', () => {
    expect(toTarget(' 2001:DB8::0:1 ')).toEqual({
      version: 6,
      value: (0x20010db8n << 96n) + 1n,
      text: '2001:db8::1',
    });
    expect(toTarget('-c 1')).toBeNull();
  });
});
