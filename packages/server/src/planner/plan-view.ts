import type { Plan, PlanSubnet, PlanSummary } from '@ipam/core/api/plan';
import { planSubnetDerived } from '@ipam/core/plan-subnet-details';
import { planTree } from '@ipam/core/plan-tree';
import type { PlanRecord } from './plan-repository.js';
import type { PlanSubnetRecord } from './plan-subnet-repository.js';

/** One stored subnet with its derived fields (PL-4), given its level and children. */
export function planSubnetView(
  subnet: PlanSubnetRecord,
  level: number,
  childIds: readonly string[],
): PlanSubnet {
  const derived = planSubnetDerived(subnet);
  return {
    id: subnet.id,
    name: subnet.name,
    description: subnet.description,
    ipVersion: subnet.ipVersion,
    networkAddress: subnet.networkAddress,
    cidr: subnet.cidr,
    vlan: subnet.vlan,
    reservedAddresses: subnet.reservedAddresses,
    parentSubnetId: subnet.parentSubnetId,
    childSubnetIds: [...childIds],
    level,
    planning: { ...subnet.planning, recommendedSize: derived.recommendedSize },
    status: subnet.status,
    validationResults: derived.validationResults,
    details: derived.details,
    createdAt: subnet.createdAt,
    updatedAt: subnet.updatedAt,
  };
}

/** Every subnet of a plan in tree order (PL-8), with levels, children and derived fields. */
export function planSubnetViews(subnets: readonly PlanSubnetRecord[]): PlanSubnet[] {
  const { order, levels, childIds } = planTree(subnets);
  return order.map((subnet) =>
    planSubnetView(subnet, levels.get(subnet.id) ?? 0, childIds.get(subnet.id) ?? []),
  );
}

/** The views of some subnets of a plan (an answer to a write), in tree order; only those are derived. */
export function someSubnetViews(all: readonly PlanSubnetRecord[], ids: readonly string[]): PlanSubnet[] {
  const wanted = new Set(ids);
  const { order, levels, childIds } = planTree(all);
  return order
    .filter((subnet) => wanted.has(subnet.id))
    .map((subnet) => planSubnetView(subnet, levels.get(subnet.id) ?? 0, childIds.get(subnet.id) ?? []));
}

function planFields(plan: PlanRecord) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    tags: plan.tags,
    settings: plan.settings,
    isTemplate: plan.isTemplate,
    version: plan.version,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    createdBy: plan.createdBy,
  };
}

/** A whole plan (PL-8). */
export function planView(plan: PlanRecord, subnets: readonly PlanSubnetRecord[]): Plan {
  return { ...planFields(plan), subnets: planSubnetViews(subnets), planValidation: plan.planValidation };
}

/** A plan in the list (PL-6). */
export function planSummaryView(plan: PlanRecord & { subnetCount: number }): PlanSummary {
  const validation = plan.planValidation;
  return {
    ...planFields(plan),
    subnetCount: plan.subnetCount,
    validationSummary:
      validation === null
        ? null
        : {
            lastValidated: validation.lastValidated,
            isValid: validation.isValid,
            overlapCount: validation.overlaps.length,
            warningCount: validation.warnings.length,
          },
  };
}
