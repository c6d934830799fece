import { describe, expect, it } from 'vitest';
import { canExportEveryAddress, tableFileName } from './table-files.js';

describe('table files', () => {
  it('allows every address up to 65,536 listed addresses', () => {
    expect(canExportEveryAddress({ version: 4, length: 16 })).toBe(true);
    expect(canExportEveryAddress({ version: 4, length: 15 })).toBe(false);
    expect(canExportEveryAddress({ version: 6, length: 112 })).toBe(true);
    expect(canExportEveryAddress({ version: 6, length: 111 })).toBe(false);
  });

  it('names files after the subnet', () => {
    expect(tableFileName('Core/LAN 1', 'addresses', 'xlsx')).toBe('Core_LAN 1_addresses.xlsx');
    expect(tableFileName('', 'subnets', 'csv')).toBe('ipam_subnets.csv');
  });
});
