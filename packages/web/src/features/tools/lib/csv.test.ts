import { describe, expect, it } from 'vitest';
import { csvCell, fileNamePart, isoDay, toCsv } from './csv.js';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+ops@example.com', "'+ops@example.com"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
  ])('neutralises the formula %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([
    ['192.168.1.0', '192.168.1.0'],
    ['192.168.1.1 - 192.168.1.254', '192.168.1.1 - 192.168.1.254'],
    ['2001:db8::', '2001:db8::'],
    ['a=b', 'a=b'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
  ])('keeps %j readable', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes numbers as they are, negative ones too, and nothing for null', () => {
    expect(csvCell(254)).toBe('254');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('joins cells with commas and rows with CRLF, ending with a line break', () => {
    expect(
      toCsv([
        ['Field', 'Value'],
        ['Network Address', '10.0.0.0'],
        ['Note', '=1+1'],
      ]),
    ).toBe("Field,Value\r\nNetwork Address,10.0.0.0\r\nNote,'=1+1\r\n");
  });
});

describe('file names', () => {
  it('formats the local date as YYYY-MM-DD', () => {
    expect(isoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(isoDay(new Date(2026, 10, 22, 0, 0))).toBe('2026-11-22');
  });

  it('replaces characters file systems refuse', () => {
    expect(fileNamePart('192.168.1.0')).toBe('192.168.1.0');
    expect(fileNamePart('2001:db8::1%eth0')).toBe('2001_db8__1_eth0');
    expect(fileNamePart('../x/y')).toBe('.._x_y');
  });
});
