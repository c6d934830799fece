import type { PlanSubnet } from '@ipam/core/api/plan';
import { parseCidr, prefixContains } from '@ipam/core/cidr';
import { type PlanSubnetDerived, planSubnetDerived, planSubnetPrefix } from '@ipam/core/plan-subnet-details';
import { descendantIds } from '@ipam/core/plan-tree';
import { DEFAULT_PLANNED_GROWTH } from '@ipam/core/schemas/plan-schemas';
import type { SubnetFormValues } from './subnet-form.js';

/** What the typed prefix is, when the address and CIDR read as one of the chosen version. */
function typedPrefix(values: SubnetFormValues) {
  const cidr = typeof values.cidr === 'number' ? values.cidr : Number(String(values.cidr).trim() || 'NaN');
  const prefix = parseCidr(`${values.networkAddress.trim()}/${cidr}`);
  const version = values.ipVersion === 'IPv4' ? 4 : 6;
  return prefix && prefix.version === version && prefix.length >= 1 ? prefix : null;
}

/**
 * The editor's live computed panel (PL-57): core's derived fields for what is typed, the same the
 * server stores; null until the address and CIDR make a prefix.
 */
export function liveDetails(values: SubnetFormValues): PlanSubnetDerived | null {
  const prefix = typedPrefix(values);
  if (prefix === null) return null;
  const hosts = Number(values.currentHosts);
  const growth = Number(values.plannedGrowth === '' ? DEFAULT_PLANNED_GROWTH : values.plannedGrowth);
  return planSubnetDerived({
    ipVersion: values.ipVersion,
    networkAddress: values.networkAddress.trim(),
    cidr: prefix.length,
    reservedAddresses: values.reservedAddresses,
    planning: {
      currentHosts: Number.isInteger(hosts) && hosts >= 0 ? hosts : 0,
      plannedGrowth: Number.isFinite(growth) ? growth : DEFAULT_PLANNED_GROWTH,
    },
  });
}

/**
 * The Parent Subnet choices (PL-57): subnets of the same version that contain the typed prefix (all of
 * that version until one is typed), never the subnet itself or its descendants.
 */
export function parentChoices(
  subnets: readonly PlanSubnet[],
  values: SubnetFormValues,
  editedId: string | null,
): PlanSubnet[] {
  const excluded = new Set(editedId ? [editedId, ...descendantIds(subnets, editedId)] : []);
  const prefix = typedPrefix(values);
  return subnets.filter((candidate) => {
    if (excluded.has(candidate.id) || candidate.ipVersion !== values.ipVersion) return false;
    if (prefix === null) return true;
    return candidate.cidr < prefix.length && prefixContains(planSubnetPrefix(candidate), prefix.network);
  });
}
