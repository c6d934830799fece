import type { SourceImportItem, SourceImportReport } from '@ipam/core/api/source-import';
import { describe, expect, it } from 'vitest';
import {
  countsSentence,
  filteredItems,
  hasWrites,
  outcomeWords,
  phaseWords,
  reportFileName,
} from './import-report-view.js';

const none = { imported: 0, updated: 0, unchanged: 0, skipped: 0 };

function reportOf(counts: Partial<SourceImportReport['counts']>, dryRun = true): SourceImportReport {
  return {
    source: 'phpIPAM at http://127.0.0.1/api/importer/',
    dryRun,
    startedAt: '2026-11-27T10:00:00.000Z',
    finishedAt: '2026-11-27T10:00:04.000Z',
    counts: { vrf: none, group: none, subnet: none, address: none, ...counts },
    items: [],
    itemsLeftOut: 0,
  };
}

const item = (kind: SourceImportItem['kind'], object: string, outcome: SourceImportItem['outcome']) => ({
  kind,
  object,
  source: `phpIPAM ${kind} 1`,
  outcome,
});

describe('the report in words', () => {
  it('says what a preview would do and what an import did', () => {
    expect(outcomeWords('imported', true)).toBe('Would be imported');
    expect(outcomeWords('unchanged', true)).toBe('Would stay unchanged');
    expect(outcomeWords('skipped', false)).toBe('Skipped');
    expect(phaseWords('addresses', true)).toBe('Reading and checking addresses');
    expect(phaseWords('addresses', false)).toBe('Reading and writing addresses');
  });

  it('counts one outcome across the kinds, leaving out the empty ones', () => {
    const report = reportOf({
      vrf: { ...none, imported: 2 },
      subnet: { ...none, imported: 25, skipped: 1 },
      address: { ...none, imported: 1, unchanged: 3 },
    });
    expect(countsSentence(report, 'imported')).toBe('2 VRFs, 25 subnets and 1 address');
    expect(countsSentence(report, 'skipped')).toBe('1 subnet');
    expect(countsSentence(report, 'updated')).toBeNull();
    expect(hasWrites(report)).toBe(true);
    expect(hasWrites(reportOf({ subnet: { ...none, unchanged: 25, skipped: 2 } }))).toBe(false);
  });

  it('lists skipped objects first, then by kind, in the order read; filters by outcome and kind', () => {
    const items = [
      item('address', '10.0.0.1', 'imported'),
      item('subnet', '10.0.0.0/24', 'imported'),
      item('address', '10.0.0.9', 'skipped'),
      item('subnet', '10.9.0.0/24', 'skipped'),
      item('address', '10.0.0.2', 'skipped'),
      item('vrf', 'CUST-A', 'updated'),
    ];
    const objects = (filter: Parameters<typeof filteredItems>[1]) =>
      filteredItems(items, filter).map((shown) => shown.object);
    expect(objects({ outcome: 'all', kind: 'all' })).toEqual([
      '10.9.0.0/24',
      '10.0.0.9',
      '10.0.0.2',
      '10.0.0.0/24',
      '10.0.0.1',
      'CUST-A',
    ]);
    expect(objects({ outcome: 'skipped', kind: 'address' })).toEqual(['10.0.0.9', '10.0.0.2']);
    expect(objects({ outcome: 'all', kind: 'vrf' })).toEqual(['CUST-A']);
  });

  it('names the downloads by the day, a preview apart from a report', () => {
    expect(reportFileName(reportOf({}, false), '2026-11-27', 'md')).toBe('ipam-import-report-2026-11-27.md');
    expect(reportFileName(reportOf({}), '2026-11-27', 'json')).toBe('ipam-import-preview-2026-11-27.json');
  });
});
