import type { PlanSubnet } from '@ipam/core/api/plan';
import { planSubnetDerived } from '@ipam/core/plan-subnet-details';
import { DEFAULT_PLANNED_GROWTH } from '@ipam/core/schemas/plan-schemas';

/** A plan subnet as the server answers it, derived fields from core (for the planner's tests). */
export function planSubnet(
  id: string,
  cidrText: string,
  fields: Partial<Omit<PlanSubnet, 'planning'>> & { currentHosts?: number; plannedGrowth?: number } = {},
): PlanSubnet {
  const [networkAddress = '', cidr = '0'] = cidrText.split('/');
  const { currentHosts = 0, plannedGrowth = DEFAULT_PLANNED_GROWTH, ...rest } = fields;
  const ipVersion = networkAddress.includes(':') ? 'IPv6' : 'IPv4';
  const stored = {
    ipVersion,
    networkAddress,
    cidr: Number(cidr),
    reservedAddresses: rest.reservedAddresses ?? [],
    planning: { currentHosts, plannedGrowth },
  } as const;
  const derived = planSubnetDerived(stored);
  return {
    id,
    name: id,
    description: '',
    vlan: null,
    parentSubnetId: null,
    childSubnetIds: [],
    level: 0,
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000000Z',
    updatedAt: '2026-01-01T00:00:00.000000Z',
    ...stored,
    reservedAddresses: [...stored.reservedAddresses],
    planning: { currentHosts, plannedGrowth, recommendedSize: derived.recommendedSize, notes: '' },
    details: derived.details,
    validationResults: derived.validationResults,
    ...rest,
  };
}
