import type { PlanSummary } from '@ipam/core/api/plan';

/** Plans matching the search in name, description or tags, case-insensitive; newest change first (PL-45). */
export function searchPlans(plans: readonly PlanSummary[], search: string): PlanSummary[] {
  const needle = search.trim().toLowerCase();
  const matches = needle
    ? plans.filter(
        (plan) =>
          plan.name.toLowerCase().includes(needle) ||
          plan.description.toLowerCase().includes(needle) ||
          plan.tags.some((tag) => tag.toLowerCase().includes(needle)),
      )
    : [...plans];
  return matches.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}

/** Up to three tags and the count of the rest, shown as '+n' (PL-46). */
export function cardTags(tags: readonly string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, 3), more: Math.max(0, tags.length - 3) };
}

export type PlanBadge = 'Current' | 'Template' | 'Valid' | 'Has issues';

/** A card's status badges (PL-46, S12). */
export function planBadges(plan: PlanSummary, currentPlanId: string | null): PlanBadge[] {
  const badges: PlanBadge[] = [];
  if (plan.id === currentPlanId) badges.push('Current');
  if (plan.isTemplate) badges.push('Template');
  if (plan.validationSummary) badges.push(plan.validationSummary.isValid ? 'Valid' : 'Has issues');
  return badges;
}
