import { describe, expect, it } from 'vitest';
import type { PlanSubnet } from './api/plan.js';
import {
  exactCount,
  planExportColumns,
  planExportCsv,
  planExportFileName,
  planExportJson,
} from './plan-export.js';
import { planSubnetDerived } from './plan-subnet-details.js';

const all = { details: true, reserved: true, validation: true, planning: true };
const defaults = { details: true, reserved: true, validation: false, planning: true };

type Extra = Partial<Omit<PlanSubnet, 'planning'>> & {
  planning?: { currentHosts: number; plannedGrowth: number; notes: string };
};

function planSubnet(name: string, net: string, extra: Extra = {}): PlanSubnet {
  const [networkAddress = '', cidr = '0'] = net.split('/');
  const base = {
    ipVersion: net.includes(':') ? ('IPv6' as const) : ('IPv4' as const),
    networkAddress,
    cidr: Number(cidr),
    reservedAddresses: [] as PlanSubnet['reservedAddresses'],
    planning: { currentHosts: 10, plannedGrowth: 25, notes: '' },
    ...extra,
  };
  const derived = planSubnetDerived(base);
  return {
    id: name,
    name,
    description: '',
    vlan: null,
    parentSubnetId: null,
    childSubnetIds: [],
    level: 0,
    status: 'active',
    createdAt: '',
    updatedAt: '',
    ...base,
    planning: { ...base.planning, recommendedSize: derived.recommendedSize },
    details: derived.details,
    validationResults: derived.validationResults,
  };
}

describe('plan export (PL-88 … PL-92, PL-113)', () => {
  it('PL-88: the columns in order; the VLAN columns only when some subnet has a VLAN (S33)', () => {
    const plain = [planSubnet('A', '10.0.0.0/24')];
    expect(planExportColumns(plain, all)).toEqual([
      'name',
      'description',
      'network',
      'ipVersion',
      'status',
      'broadcastAddress',
      'usableHosts',
      'subnetMask',
      'currentHosts',
      'plannedGrowth',
      'planningNotes',
      'reservedAddresses',
      'validationStatus',
      'validationErrors',
    ]);
    const withVlan = [
      ...plain,
      planSubnet('B', '10.0.1.0/24', { vlan: { id: 7, name: 'VLAN_7', description: '' } }),
    ];
    expect(
      planExportColumns(withVlan, { details: false, reserved: false, validation: false, planning: false }),
    ).toEqual(['name', 'description', 'network', 'ipVersion', 'status', 'vlanId', 'vlanName']);
  });

  it('PL-89, PL-101: CSV quotes "Core, ""main""", defuses =cmd, CRLF, empty VLAN cells', () => {
    const csv = planExportCsv(
      [
        planSubnet('Core, "main"', '10.0.0.0/24', {
          reservedAddresses: [
            { address: '10.0.0.1', type: 'gateway' },
            { address: '10.0.0.2', type: '' },
          ],
        }),
        planSubnet('=cmd', '2001:db8::/64', { vlan: { id: 5, name: 'Lab', description: '' } }),
      ],
      defaults,
    );
    expect(csv.split('\r\n')).toEqual([
      'name,description,network,ipVersion,status,broadcastAddress,usableHosts,subnetMask,currentHosts,plannedGrowth,planningNotes,reservedAddresses,vlanId,vlanName',
      '"Core, ""main""",,10.0.0.0/24,IPv4,active,10.0.0.255,254,255.255.255.0,10,25,,10.0.0.1 (gateway); 10.0.0.2,,',
      "'=cmd,,2001:db8::/64,IPv6,active,,18446744073709551616,ffff:ffff:ffff:ffff::,10,25,,,5,Lab",
      '',
    ]);
  });

  it('PL-90: JSON envelope with numbers as numbers, no VLAN keys without a VLAN, 2 spaces', () => {
    const text = planExportJson(
      { name: 'Office', description: 'HQ' },
      [planSubnet('A', '10.0.0.0/30', { planning: { currentHosts: 5, plannedGrowth: 25, notes: '' } })],
      all,
      new Date('2026-11-24T10:00:00Z'),
      null,
    );
    expect(text.split('\n')[1]).toBe('  "planName": "Office",');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      planName: 'Office',
      planDescription: 'HQ',
      exportDate: '2026-11-24T10:00:00.000Z',
      validation: null,
    });
    expect(parsed.subnets).toEqual([
      {
        name: 'A',
        description: '',
        network: '10.0.0.0/30',
        ipVersion: 'IPv4',
        status: 'active',
        broadcastAddress: '10.0.0.3',
        usableHosts: 2,
        subnetMask: '255.255.255.252',
        currentHosts: 5,
        plannedGrowth: 25,
        planningNotes: '',
        reservedAddresses: '',
        validationStatus: 'Invalid',
        validationErrors: 'Current hosts (5) exceed available host addresses (2).',
      },
    ]);
    const withoutValidation = JSON.parse(
      planExportJson({ name: 'x', description: '' }, [], defaults, new Date(0), null),
    ) as object;
    expect('validation' in withoutValidation).toBe(false);
  });

  it('PL-90: usableHosts is a number while exact, the decimal text beyond 2^53 (an IPv6 /64)', () => {
    const subnets = [planSubnet('v4', '10.0.0.0/8'), planSubnet('v6', '2001:db8::/64')];
    const parsed = JSON.parse(
      planExportJson({ name: 'x', description: '' }, subnets, defaults, new Date(0), null),
    );
    expect(parsed.subnets.map((row: { usableHosts: unknown }) => row.usableHosts)).toEqual([
      16777214,
      '18446744073709551616',
    ]);
    expect(exactCount('9007199254740991')).toBe(9007199254740991);
    expect(exactCount('9007199254740993')).toBe('9007199254740993');
  });

  it('PL-92: unsafe characters and spaces become _, letters stay, an empty name is plan', () => {
    expect(planExportFileName('Office HQ/2026: v1.0', 'csv')).toBe('Office_HQ_2026__v1.0_subnets.csv');
    expect(planExportFileName('Zürich-Netz', 'xlsx')).toBe('Zürich-Netz_subnets.xlsx');
    expect(planExportFileName('', 'json')).toBe('plan_subnets.json');
  });
});
