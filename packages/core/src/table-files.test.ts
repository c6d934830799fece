import { describe, expect, it } from 'vitest';
import {
  canExportEveryAddress,
  csvLine,
  neutralisedCell,
  restoredCell,
  tableFileName,
} from './table-files.js';

describe('table files', () => {
  it('neutralises every formula start and restores it exactly', () => {
    for (const text of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', "'=x", "''+y"]) {
      expect(neutralisedCell(text)).toBe(`'${text}`);
      expect(restoredCell(neutralisedCell(text))).toBe(text);
    }
  });

  it('leaves ordinary text alone, apostrophes included', () => {
    for (const text of ['web-1', "'quoted", '', 'a=b']) {
      expect(neutralisedCell(text)).toBe(text);
      expect(restoredCell(text)).toBe(text);
    }
  });

  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'x\ny', '=cmd'])).toBe('"a,b","say ""hi""","x\ny",\'=cmd\r\n');
  });

  it('allows every address up to 65,536 listed addresses', () => {
    expect(canExportEveryAddress({ version: 4, length: 16 })).toBe(true);
    expect(canExportEveryAddress({ version: 4, length: 15 })).toBe(false);
    expect(canExportEveryAddress({ version: 6, length: 112 })).toBe(true);
    expect(canExportEveryAddress({ version: 6, length: 111 })).toBe(false);
  });

  it('names files after the subnet', () => {
    expect(tableFileName('Core/LAN 1', 'addresses', 'xlsx')).toBe('Core_LAN_1_addresses.xlsx');
  });
});
