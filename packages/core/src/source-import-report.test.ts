import { describe, expect, it } from 'vitest';
import { sourceImportMarkdown } from './source-import-report.js';

const zero = { imported: 0, updated: 0, unchanged: 0, skipped: 0 };

describe('sourceImportMarkdown', () => {
  const report = {
    source: 'phpIPAM at http://127.0.0.1:9/api/importer/',
    dryRun: false,
    startedAt: '2026-11-27T10:00:00.000Z',
    finishedAt: '2026-11-27T10:01:00.000Z',
    counts: {
      vrf: { ...zero, imported: 2 },
      group: zero,
      subnet: { ...zero, unchanged: 1200, skipped: 1 },
      address: zero,
    },
    items: [
      {
        kind: 'subnet' as const,
        source: 'phpIPAM subnet 9',
        object: '10.0.0.0/8',
        outcome: 'skipped' as const,
        reason: 'a | b\nc',
      },
    ],
    itemsLeftOut: 3,
  };

  it('gives the counts per kind with thousands separated', () => {
    const text = sourceImportMarkdown(report);
    expect(text).toContain('# Import report: phpIPAM at http://127.0.0.1:9/api/importer/');
    expect(text).toContain('| Subnets | 0 | 0 | 1,200 | 1 |');
    expect(text).toContain('| VRFs | 2 | 0 | 0 | 0 |');
  });

  it('lists each object with a pipe or a line break in it kept inside its cell', () => {
    const text = sourceImportMarkdown(report);
    expect(text).toContain('| skipped | 10.0.0.0/8 | phpIPAM subnet 9 | a \\| b c |');
    expect(text).not.toContain('## Addresses');
    expect(text).toContain('3 more objects');
  });

  it('says a preview wrote nothing', () => {
    expect(sourceImportMarkdown({ ...report, dryRun: true })).toMatch(
      /^# Import preview[^]*Nothing was written\./,
    );
  });
});
