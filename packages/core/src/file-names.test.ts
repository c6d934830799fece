import { describe, expect, it } from 'vitest';
import { contentDisposition, exportFileName, fileNamePart } from './file-names.js';

describe('file names', () => {
  it('PL-92: keeps letters, digits, dot, dash and space; every other character becomes _', () => {
    expect(fileNamePart('192.168.1.0')).toBe('192.168.1.0');
    expect(fileNamePart('2001:db8::1%eth0')).toBe('2001_db8__1_eth0');
    expect(fileNamePart('../x/y')).toBe('.._x_y');
    expect(fileNamePart('Zürich Netz: v1.0')).toBe('Zürich Netz_ v1.0');
  });

  it('names an export {name}_{what}.{extension}, the fallback for an empty name', () => {
    expect(exportFileName('Office HQ/2026', 'subnets', 'csv', 'plan')).toBe('Office HQ_2026_subnets.csv');
    expect(exportFileName('', 'addresses', 'xlsx', 'ipam')).toBe('ipam_addresses.xlsx');
  });

  it('PL-113: Content-Disposition carries an ASCII fallback and the RFC 5987 filename*', () => {
    expect(contentDisposition('Office_subnets.csv')).toBe(
      `attachment; filename="Office_subnets.csv"; filename*=UTF-8''Office_subnets.csv`,
    );
    expect(contentDisposition('Zürich Netz_subnets.csv')).toBe(
      `attachment; filename="Z_rich Netz_subnets.csv"; filename*=UTF-8''Z%C3%BCrich%20Netz_subnets.csv`,
    );
    expect(contentDisposition(`it's "x"\\(1)!*.csv`)).toBe(
      `attachment; filename="it's _x__(1)!*.csv"; filename*=UTF-8''it%27s%20%22x%22%5C%281%29%21%2A.csv`,
    );
  });
});
