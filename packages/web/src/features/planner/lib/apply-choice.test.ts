import { describe, expect, it } from 'vitest';
import { applyDisabledReason, canApply, defaultApplyIds, isSubscriptionBound } from './apply-choice.js';
import { planSubnet } from './plan-subnet-fixture.js';

describe('PL-138 Apply to IPAM choice', () => {
  it('defaults to every active or planned leaf', () => {
    const subnets = [
      planSubnet('parent', '10.0.0.0/24', { status: 'subdivided', childSubnetIds: ['c1'] }),
      planSubnet('c1', '10.0.0.0/25', { status: 'planned', parentSubnetId: 'parent' }),
      planSubnet('old', '10.0.1.0/24', { status: 'deprecated' }),
      planSubnet('live', '10.0.2.0/24'),
    ];
    expect(defaultApplyIds(subnets)).toEqual(['c1', 'live']);
  });

  it('applies only when something is created and nothing is refused', () => {
    expect(canApply([{ outcome: 'create' }, { outcome: 'exists' }])).toBe(true);
    expect(canApply([{ outcome: 'exists' }])).toBe(false);
    expect(canApply([{ outcome: 'create' }, { outcome: 'overlaps' }])).toBe(false);
  });

  it('says why Apply is disabled: no preview, refused subnets, or nothing to create (issue 29)', () => {
    expect(applyDisabledReason(null)).toBe(
      'Preview first: Apply to IPAM creates exactly what the preview shows.',
    );
    expect(
      applyDisabledReason([{ outcome: 'create' }, { outcome: 'over_limit' }, { outcome: 'overlaps' }]),
    ).toBe(
      'Apply to IPAM is off: 2 chosen subnet(s) cannot be created. Uncheck them, or fix them and preview again.',
    );
    expect(applyDisabledReason([{ outcome: 'exists' }])).toBe(
      'Every chosen subnet exists already: there is nothing to create.',
    );
    expect(applyDisabledReason([{ outcome: 'create' }, { outcome: 'exists' }])).toBeNull();
  });

  it('offers the upgrade only when the subscription is what refuses', () => {
    expect(isSubscriptionBound([{ outcome: 'create' }, { outcome: 'over_limit' }])).toBe(true);
    expect(isSubscriptionBound([{ outcome: 'not_in_tier' }])).toBe(true);
    expect(isSubscriptionBound([{ outcome: 'overlaps' }, { outcome: 'invalid' }])).toBe(false);
  });
});
