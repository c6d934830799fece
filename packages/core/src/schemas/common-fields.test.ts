import { describe, expect, it } from 'vitest';
import { isScanningType } from './common-fields.js';

describe('isScanningType', () => {
  it.each(['none', 'approval', 'auto'])('%s is a scanning type', (type) => {
    expect(isScanningType(type)).toBe(true);
  });

  it.each(['No Scanning', 'Auto', '', null])('%s is not', (value) => {
    expect(isScanningType(value)).toBe(false);
  });
});
