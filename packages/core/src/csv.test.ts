import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('csv (PL-89)', () => {
  it('PL-101: quotes a cell with a comma or quote and doubles the quotes', () => {
    expect(csvCell('Core, "main"')).toBe('"Core, ""main"""');
  });
  it('PL-101: puts an apostrophe before a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=cmd')).toBe("'=cmd");
    expect(['+1', '-1', '@a', '\tx'].map(csvCell)).toEqual(["'+1", "'-1", "'@a", "'\tx"]);
    expect(csvCell('\rx')).toBe('"\'\rx"');
  });
  it('PL-89: leaves numbers alone and writes nothing for a missing value', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
  it('PL-89: ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        [1, 'x\ny'],
      ]),
    ).toBe('a,b\r\n1,"x\ny"\r\n');
  });
});
