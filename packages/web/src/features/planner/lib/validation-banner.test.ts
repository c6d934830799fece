import type { PlanValidation } from '@ipam/core/api/plan';
import { describe, expect, it } from 'vitest';
import { overlapLabel, typeLabel, validationBanner } from './validation-banner.js';

const side = { id: 'a', name: 'A', network: '10.0.0.0/24' };
const base: PlanValidation = {
  isValid: true,
  lastValidated: '2026-11-24T09:00:00.000Z',
  overlaps: [],
  gaps: [],
  warnings: [],
  recommendations: [],
};
const overlap = {
  subnet1: side,
  subnet2: { ...side, id: 'e' },
  overlapType: 'complete' as const,
  isDuplicate: false,
};
const warning = { subnetId: 'c', type: 'VERY_HIGH_UTILIZATION', message: 'Very high' };

describe('PL-41 banners', () => {
  it('shows none before any validation', () => {
    expect(validationBanner(null)).toBeNull();
  });

  it('is red with overlaps, hiding the yellow one (PL-97)', () => {
    expect(validationBanner({ ...base, overlaps: [overlap], warnings: [warning] })).toEqual({
      kind: 'overlaps',
      count: 1,
    });
  });

  it('is yellow with warnings only', () => {
    expect(validationBanner({ ...base, warnings: [warning] })).toEqual({ kind: 'warnings', count: 1 });
  });

  it('is green when a validation found nothing', () => {
    expect(validationBanner(base)).toEqual({ kind: 'passed' });
  });
});

describe('PL-63, PL-64 labels', () => {
  it('upper-cases the overlap type and turns underscores into spaces', () => {
    expect(overlapLabel('complete')).toBe('COMPLETE OVERLAP');
    expect(typeLabel('HIGH_UTILIZATION')).toBe('HIGH UTILIZATION');
    expect(typeLabel('PLAN_FOR_GROWTH')).toBe('PLAN FOR GROWTH');
  });
});
