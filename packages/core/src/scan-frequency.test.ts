import { describe, expect, it } from 'vitest';
import { SCAN_FREQUENCY_UNITS, scanFrequencyForDisplay, scanFrequencyToHours } from './scan-frequency.js';

describe('scanFrequencyToHours', () => {
  it('stores 6 hours as 6', () => {
    expect(scanFrequencyToHours('6', 'hours')).toBe(6);
  });

  it('stores 2 days as 48 hours', () => {
    expect(scanFrequencyToHours('2', 'days')).toBe(48);
  });

  it('stores 1 month as 720 hours', () => {
    expect(scanFrequencyToHours(1, 'months')).toBe(720);
  });

  it('accepts surrounding spaces', () => {
    expect(scanFrequencyToHours(' 3 ', 'hours')).toBe(3);
  });

  it('gives null for an empty value', () => {
    expect(scanFrequencyToHours('', 'days')).toBeNull();
  });

  it('gives null for no value', () => {
    expect(scanFrequencyToHours(null, 'days')).toBeNull();
  });

  it('gives null for zero', () => {
    expect(scanFrequencyToHours('0', 'hours')).toBeNull();
  });

  it('gives null for a negative value', () => {
    expect(scanFrequencyToHours(-2, 'hours')).toBeNull();
  });

  it('gives null for a fraction', () => {
    expect(scanFrequencyToHours('1.5', 'days')).toBeNull();
  });

  it('gives null for text', () => {
    expect(scanFrequencyToHours('weekly', 'hours')).toBeNull();
  });

  it('gives null for a value too large to store exactly', () => {
    expect(scanFrequencyToHours('99999999999999999', 'months')).toBeNull();
  });
});

describe('scanFrequencyForDisplay', () => {
  it('shows 1440 hours as 2 months', () => {
    expect(scanFrequencyForDisplay(1440)).toEqual({ value: 2, unit: 'months' });
  });

  it('shows 72 hours as 3 days', () => {
    expect(scanFrequencyForDisplay(72)).toEqual({ value: 3, unit: 'days' });
  });

  it('shows 36 hours as 36 hours', () => {
    expect(scanFrequencyForDisplay(36)).toEqual({ value: 36, unit: 'hours' });
  });

  it('shows 744 hours (31 days) as days, not months', () => {
    expect(scanFrequencyForDisplay(744)).toEqual({ value: 31, unit: 'days' });
  });

  it('shows nothing for a null frequency', () => {
    expect(scanFrequencyForDisplay(null)).toBeNull();
  });

  it('round-trips every unit', () => {
    const roundTrips = SCAN_FREQUENCY_UNITS.map(({ unit }) =>
      scanFrequencyForDisplay(scanFrequencyToHours(5, unit)),
    );
    expect(roundTrips).toEqual([
      { value: 5, unit: 'hours' },
      { value: 5, unit: 'days' },
      { value: 5, unit: 'months' },
    ]);
  });

  it('labels the units as the spec does', () => {
    expect(SCAN_FREQUENCY_UNITS.map((u) => u.label)).toEqual(['Hour(s)', 'Day(s)', 'Month(s)']);
  });
});
