import { describe, expect, it } from 'vitest';
import { usageWarning } from './usage-warning.js';

describe('usageWarning', () => {
  it('says nothing up to and including 80 %', () => {
    expect(usageWarning(0, 254)).toBeNull();
    expect(usageWarning(80, 100)).toBeNull();
    expect(usageWarning(0, 0)).toBeNull();
  });

  it('warns of high utilization above 80 % and up to 90 %', () => {
    expect(usageWarning(81, 100)).toEqual({
      type: 'HIGH_UTILIZATION',
      message: 'High utilization: 81.0% of usable host addresses are in use.',
    });
    expect(usageWarning(90, 100)?.type).toBe('HIGH_UTILIZATION');
  });

  it('warns of very high utilization above 90 %, exact for IPv6-sized counts', () => {
    expect(usageWarning(230, 254)).toEqual({
      type: 'VERY_HIGH_UTILIZATION',
      message: 'Very high utilization: 90.6% of usable host addresses are in use.',
    });
    expect(usageWarning(2n ** 24n, 2n ** 24n)?.type).toBe('VERY_HIGH_UTILIZATION');
    expect(usageWarning(9n * 2n ** 60n, 10n * 2n ** 60n)?.type).toBe('HIGH_UTILIZATION');
  });
});
