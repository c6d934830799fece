import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAddress } from './ip-address.js';
import { planSplitChildren, type SplitParent } from './plan-split.js';
import { planSubnetDerived, planSubnetPrefix } from './plan-subnet-details.js';
import { prefixLast, prefixOf } from './prefix.js';

const lan: SplitParent = {
  id: 'p',
  name: 'LAN',
  parentSubnetId: 'root',
  level: 1,
  ipVersion: 'IPv4',
  networkAddress: '10.0.0.0',
  cidr: 24,
  vlan: { id: 10, name: 'Office', description: '' },
  reservedAddresses: [
    { address: '10.0.0.1', type: 'gateway' },
    { address: '10.0.0.200', type: 'printer' },
  ],
  planning: { currentHosts: 120, plannedGrowth: 40 },
};
const defaults = { naming: 'numbered', customPrefix: '', keepOriginal: true, inherit: true } as const;

const children = (
  parent: SplitParent,
  options: Partial<Parameters<typeof planSplitChildren>[1]> & { newCidr: number },
) => {
  const result = planSplitChildren(parent, { ...defaults, ...options });
  if (!result.ok) throw new Error(result.message);
  return result.children;
};

describe('planSplitChildren (PL-15, PL-82 … PL-85)', () => {
  it('PL-93: 10.0.0.0/24 to /26 gives LAN - Split 1 … 4, planned, one level down', () => {
    const list = children(lan, { newCidr: 26 });
    expect(list.map((c) => c.name)).toEqual([
      'LAN - Split 1',
      'LAN - Split 2',
      'LAN - Split 3',
      'LAN - Split 4',
    ]);
    expect(list.map((c) => `${c.networkAddress}/${c.cidr}`)).toEqual([
      '10.0.0.0/26',
      '10.0.0.64/26',
      '10.0.0.128/26',
      '10.0.0.192/26',
    ]);
    expect(list.map((c) => planSubnetDerived(c).details.broadcastAddress)).toEqual([
      '10.0.0.63',
      '10.0.0.127',
      '10.0.0.191',
      '10.0.0.255',
    ]);
    expect(list.every((c) => c.status === 'planned' && c.level === 2 && c.parentSubnetId === 'p')).toBe(true);
  });

  it('PL-84: inherit copies the VLAN, growth and the reserved addresses inside each child; hosts 0', () => {
    const [first, , , fourth] = children(lan, { newCidr: 26 });
    expect(first!.vlan).toEqual(lan.vlan);
    expect(first!.planning).toEqual({ currentHosts: 0, plannedGrowth: 40, notes: 'Split from LAN' });
    expect(first!.reservedAddresses).toEqual([{ address: '10.0.0.1', type: 'gateway' }]);
    expect(fourth!.reservedAddresses).toEqual([{ address: '10.0.0.200', type: 'printer' }]);
  });

  it('PL-84: without inherit, no VLAN, growth 25, no reserved addresses and empty notes', () => {
    const [first] = children(lan, { newCidr: 25, inherit: false });
    expect(first).toMatchObject({
      vlan: null,
      reservedAddresses: [],
      planning: { currentHosts: 0, plannedGrowth: 25, notes: '' },
    });
  });

  it('PL-83: without keep original the children take the parent’s parent and level (S7)', () => {
    const list = children(lan, { newCidr: 25, keepOriginal: false });
    expect(list.every((c) => c.parentSubnetId === 'root' && c.level === 1)).toBe(true);
  });

  it('PL-82: network and custom naming; an empty custom prefix falls back to the name', () => {
    expect(children(lan, { newCidr: 25, naming: 'network' }).map((c) => c.name)).toEqual([
      '10.0.0.0/25',
      '10.0.0.128/25',
    ]);
    expect(
      children(lan, { newCidr: 25, naming: 'custom', customPrefix: 'Floor' }).map((c) => c.name),
    ).toEqual(['Floor 1', 'Floor 2']);
    expect(children(lan, { newCidr: 25, naming: 'custom' }).map((c) => c.name)).toEqual(['LAN 1', 'LAN 2']);
  });

  it('PL-82: a generated name over 100 characters is cut and keeps its number', () => {
    const [first] = children({ ...lan, name: 'x'.repeat(100) }, { newCidr: 25 });
    expect(first!.name).toHaveLength(100);
    expect(first!.name.endsWith('x - Split 1')).toBe(true);
  });

  it('PL-15, PL-96: refuses a smaller CIDR, one past 32 and more than 4096 children', () => {
    expect(planSplitChildren(lan, { ...defaults, newCidr: 24 })).toMatchObject({
      ok: false,
      message: 'New CIDR must be larger than current CIDR',
    });
    expect(planSplitChildren(lan, { ...defaults, newCidr: 33 })).toMatchObject({
      ok: false,
      message: 'New CIDR cannot be larger than 32',
    });
    expect(
      planSplitChildren({ ...lan, cidr: 8, networkAddress: '10.0.0.0' }, { ...defaults, newCidr: 32 }),
    ).toEqual({
      ok: false,
      code: 'split_too_many',
      message: 'A split can create at most 4096 subnets; this one would create 16777216.',
    });
  });

  it('PL-110: split children tile the parent exactly, IPv4 and IPv6', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 8 }),
        (isV4, value, rawLength, extra) => {
          const version = isV4 ? 4 : 6;
          const bits = isV4 ? 32 : 128;
          const length = Math.min(Math.max(1, rawLength % bits), bits - 1);
          const newCidr = Math.min(bits, length + extra);
          const prefix = prefixOf(version, value % (1n << BigInt(bits)), length);
          const parent: SplitParent = {
            ...lan,
            vlan: null,
            reservedAddresses: [],
            ipVersion: isV4 ? 'IPv4' : 'IPv6',
            networkAddress: formatAddress(version, prefix.network),
            cidr: length,
          };
          const list = children(parent, { newCidr });
          expect(list).toHaveLength(2 ** (newCidr - length));
          let next = prefix.network;
          for (const child of list) {
            const childPrefix = planSubnetPrefix(child);
            expect(childPrefix.network).toBe(next);
            expect(childPrefix.length).toBe(newCidr);
            next = prefixLast(childPrefix) + 1n;
          }
          expect(next).toBe(prefixLast(prefix) + 1n);
        },
      ),
    );
  });
});
