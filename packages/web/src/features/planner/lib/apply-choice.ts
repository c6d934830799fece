import type { ApplyOutcome, PlanSubnet } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';

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

/**
 * Why 'Apply to IPAM' is disabled, said under it (issue 29): no preview yet, chosen subnets that cannot
 * be created, or nothing left to create; null when it is enabled.
 */
export function applyDisabledReason(items: ReadonlyArray<{ outcome: ApplyOutcome }> | null): string | null {
  if (items === null) return messages.applyNeedsPreview;
  const blocked = items.filter((item) => item.outcome !== 'create' && item.outcome !== 'exists').length;
  if (blocked > 0) return messages.applyDisabledBlocked(blocked);
  return canApply(items) ? null : messages.applyNothingToCreate;
}

/** Whether the preview hit the subscription (its subnet limit or its tier's prefixes): worth an Upgrade link. */
export function isSubscriptionBound(items: ReadonlyArray<{ outcome: ApplyOutcome }>): boolean {
  return items.some((item) => item.outcome === 'over_limit' || item.outcome === 'not_in_tier');
}
