/** The units the scan frequency is entered in, and their length in hours. */
export const SCAN_FREQUENCY_UNITS = [
  { unit: 'hours', label: 'Hour(s)', hours: 1 },
  { unit: 'days', label: 'Day(s)', hours: 24 },
  { unit: 'months', label: 'Month(s)', hours: 720 },
] as const;

export type ScanFrequencyUnit = (typeof SCAN_FREQUENCY_UNITS)[number]['unit'];

const HOURS_PER_UNIT: Readonly<Record<ScanFrequencyUnit, number>> = { hours: 1, days: 24, months: 720 };

/**
 * The stored scan frequency in hours for a value typed in a unit, or null when the value is empty,
 * not a whole number, or below 1.
 */
export function scanFrequencyToHours(
  value: string | number | null | undefined,
  unit: ScanFrequencyUnit,
): number | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (!/^\d+$/.test(text)) return null;
  const count = Number(text);
  if (count < 1) return null;
  const hours = count * HOURS_PER_UNIT[unit];
  return Number.isSafeInteger(hours) ? hours : null;
}

/** A stored frequency as the editor shows it: months if divisible by 720, else days if by 24, else hours. */
export function scanFrequencyForDisplay(
  hours: number | null,
): { readonly value: number; readonly unit: ScanFrequencyUnit } | null {
  if (hours === null || !Number.isSafeInteger(hours) || hours < 1) return null;
  if (hours % HOURS_PER_UNIT.months === 0) return { value: hours / HOURS_PER_UNIT.months, unit: 'months' };
  if (hours % HOURS_PER_UNIT.days === 0) return { value: hours / HOURS_PER_UNIT.days, unit: 'days' };
  return { value: hours, unit: 'hours' };
}
