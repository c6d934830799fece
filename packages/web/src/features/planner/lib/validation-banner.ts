import type { PlanValidation } from '@ipam/core/api/plan';

export type ValidationBanner =
  { kind: 'overlaps'; count: number } | { kind: 'warnings'; count: number } | { kind: 'passed' } | null;

/**
 * The one banner below the toolbar (PL-41): red with overlaps; yellow with warnings only when there
 * are no overlaps; green when a validation found neither; none before any validation.
 */
export function validationBanner(validation: PlanValidation | null): ValidationBanner {
  if (validation === null) return null;
  if (validation.overlaps.length > 0) return { kind: 'overlaps', count: validation.overlaps.length };
  if (validation.warnings.length > 0) return { kind: 'warnings', count: validation.warnings.length };
  return validation.lastValidated ? { kind: 'passed' } : null;
}

/** 'HIGH_UTILIZATION' → 'HIGH UTILIZATION' (PL-64, PL-65). */
export function typeLabel(type: string): string {
  return type.replaceAll('_', ' ').toUpperCase();
}

/** 'complete' → 'COMPLETE OVERLAP' (PL-63). */
export function overlapLabel(overlapType: string): string {
  return `${overlapType.toUpperCase()} OVERLAP`;
}
