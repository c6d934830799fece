import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, neutralisedCell, restoredCell, toCsv } from './csv.js';

describe('csv (PL-89, PL-101)', () => {
  it.each([
    ['=cmd', "'=cmd"],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+ops@example.com', "'+ops@example.com"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
  ])('puts an apostrophe before %j, a cell a spreadsheet would run as a formula', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([
    ['192.168.1.1 - 192.168.1.254', '192.168.1.1 - 192.168.1.254'],
    ['2001:db8::', '2001:db8::'],
    ['a=b', 'a=b'],
    ["'quoted", "'quoted"],
    ['Core, "main"', '"Core, ""main"""'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
  ])('keeps %j readable, quoting it (quotes doubled) when it holds , " CR or LF', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes numbers (negative ones too) and flags as they are, and nothing for a missing value', () => {
    expect(csvCell(254)).toBe('254');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('restores every neutralised text exactly, an earlier apostrophe included', () => {
    for (const text of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', "'=x", "''+y"]) {
      expect(neutralisedCell(text)).toBe(`'${text}`);
      expect(restoredCell(neutralisedCell(text))).toBe(text);
    }
    for (const text of ['web-1', "'quoted", '', 'a=b']) {
      expect(neutralisedCell(text)).toBe(text);
      expect(restoredCell(text)).toBe(text);
    }
  });

  it('ends every line with CRLF', () => {
    expect(csvLine(['a,b', 'say "hi"', 'x\ny', '=cmd'])).toBe('"a,b","say ""hi""","x\ny",\'=cmd\r\n');
    expect(
      toCsv([
        ['a', 'b'],
        [1, 'x\ny'],
      ]),
    ).toBe('a,b\r\n1,"x\ny"\r\n');
  });
});
