import type { ApplyOutcome, PlanSubnet } from '@ipam/core/api/plan';

/** Apply to IPAM's default choice: every active or planned leaf subnet (PL-138). */
export function defaultApplyIds(subnets: readonly PlanSubnet[]): string[] {
  return subnets
    .filter(
      (subnet) =>
        subnet.childSubnetIds.length === 0 && (subnet.status === 'active' || subnet.status === 'planned'),
    )
    .map((subnet) => subnet.id);
}

export const outcomeColor: Record<ApplyOutcome, string> = {
  create: 'green',
  exists: 'gray',
  overlaps: 'red',
  over_limit: 'red',
  not_in_tier: 'red',
  invalid: 'red',
};

/** Whether a preview lets the apply go ahead: something to create and nothing refused (all or nothing). */
export function canApply(items: ReadonlyArray<{ outcome: ApplyOutcome }>): boolean {
  return (
    items.some((item) => item.outcome === 'create') &&
    items.every((item) => item.outcome === 'create' || item.outcome === 'exists')
  );
}
