import { describe, expect, it } from 'vitest';
import { canApply, defaultApplyIds } from './apply-choice.js';
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
});
