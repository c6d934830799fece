import { describe, expect, it } from 'vitest';
import { parseCidr } from './cidr.js';
import { validatePlan } from './plan-validation.js';
import { PLAN_TEMPLATE_DEFINITIONS } from './plan-templates.js';
import { PLAN_TEMPLATES } from './schemas/plan-schemas.js';

const networks = (id: keyof typeof PLAN_TEMPLATE_DEFINITIONS) =>
  PLAN_TEMPLATE_DEFINITIONS[id].subnets.map((s) => `${s.name} ${s.networkAddress}/${s.cidr}`);

describe('plan templates (PL-69 … PL-73)', () => {
  it('PL-69 … PL-72: every template id of the schema has a definition with the spec’s names', () => {
    expect(Object.keys(PLAN_TEMPLATE_DEFINITIONS).sort()).toEqual([...PLAN_TEMPLATES].sort());
    expect(PLAN_TEMPLATE_DEFINITIONS.blank).toMatchObject({
      name: 'Blank Plan',
      description: 'Start from an empty plan.',
      subnets: [],
    });
    expect(PLAN_TEMPLATE_DEFINITIONS.corporate.name).toBe('Corporate Network');
    expect(PLAN_TEMPLATE_DEFINITIONS.datacenter.description).toBe('Tiered data-center network.');
    expect(PLAN_TEMPLATE_DEFINITIONS.campus.description).toBe('Buildings, wireless and labs.');
  });

  it('PL-70 … PL-72: the subnets and addresses, in the spec’s order', () => {
    expect(networks('corporate')).toEqual([
      'Management 10.0.0.0/24',
      'Servers 10.0.1.0/24',
      'DMZ 10.0.2.0/24',
      'Users 10.0.4.0/22',
      'Guest 10.0.3.0/24',
    ]);
    expect(networks('datacenter')).toEqual([
      'Core 172.16.0.0/24',
      'Web Tier 172.16.1.0/24',
      'App Tier 172.16.2.0/24',
      'DB Tier 172.16.3.0/24',
      'Storage 172.16.4.0/24',
    ]);
    expect(networks('campus')).toEqual([
      'Building A 192.168.1.0/24',
      'Building B 192.168.2.0/24',
      'Building C 192.168.3.0/24',
      'Wireless 192.168.4.0/22',
      'Labs 192.168.8.0/23',
    ]);
  });

  it('PL-70, PL-73, S15: addresses are aligned, contiguous, described, and the plans validate clean', () => {
    for (const template of Object.values(PLAN_TEMPLATE_DEFINITIONS)) {
      const subnets = template.subnets.map((s, i) => {
        const prefix = parseCidr(`${s.networkAddress}/${s.cidr}`);
        expect(prefix?.network.toString()).toBe(parseCidr(`${s.networkAddress}/32`)?.network.toString());
        expect(s.description.length).toBeGreaterThan(0);
        return {
          id: `t${i}`,
          name: s.name,
          parentSubnetId: null,
          ipVersion: 'IPv4' as const,
          networkAddress: s.networkAddress,
          cidr: s.cidr,
          reservedAddresses: [],
          planning: { currentHosts: 0, plannedGrowth: 25 },
        };
      });
      const result = validatePlan(subnets, new Date(0));
      expect(result).toMatchObject({ isValid: true, overlaps: [], gaps: [], warnings: [] });
    }
  });
});
