import type { PlanSummary } from '@ipam/core/api/plan';
import { describe, expect, it } from 'vitest';
import { cardTags, planBadges, searchPlans } from './plan-search.js';

const plan = (id: string, fields: Partial<PlanSummary> = {}): PlanSummary => ({
  id,
  name: id,
  description: '',
  tags: [],
  settings: {
    autoCalculateDetails: true,
    validateOverlaps: true,
    showUtilization: true,
    defaultIPVersion: 'IPv4',
  },
  isTemplate: false,
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  createdBy: null,
  subnetCount: 0,
  validationSummary: null,
  ...fields,
});

describe('PL-45 plan search', () => {
  const plans = [
    plan('Office', { tags: ['site'], updatedAt: '2026-01-02T00:00:00Z' }),
    plan('Lab', { description: 'Test BENCH', updatedAt: '2026-01-03T00:00:00Z' }),
    plan('DC', { updatedAt: '2026-01-01T00:00:00Z' }),
  ];

  it('orders by updatedAt descending', () => {
    expect(searchPlans(plans, '').map((p) => p.id)).toEqual(['Lab', 'Office', 'DC']);
  });

  it('matches name, description and tags case-insensitively', () => {
    expect(searchPlans(plans, 'office').map((p) => p.id)).toEqual(['Office']);
    expect(searchPlans(plans, 'bench').map((p) => p.id)).toEqual(['Lab']);
    expect(searchPlans(plans, 'SITE').map((p) => p.id)).toEqual(['Office']);
    expect(searchPlans(plans, 'nothing')).toEqual([]);
  });
});

describe('PL-46 cards', () => {
  it('shows up to 3 tags plus +n', () => {
    expect(cardTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(cardTags(['a'])).toEqual({ shown: ['a'], more: 0 });
  });

  it('badges: Current, Template, Valid or Has issues, none before validation', () => {
    const summary = {
      lastValidated: '2026-01-01T00:00:00Z',
      isValid: false,
      overlapCount: 1,
      warningCount: 0,
    };
    expect(planBadges(plan('a', { isTemplate: true, validationSummary: summary }), 'a')).toEqual([
      'Current',
      'Template',
      'Has issues',
    ]);
    expect(planBadges(plan('b', { validationSummary: { ...summary, isValid: true } }), 'a')).toEqual([
      'Valid',
    ]);
    expect(planBadges(plan('c'), null)).toEqual([]);
  });
});
