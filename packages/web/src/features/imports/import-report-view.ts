import {
  IMPORT_OBJECT_KINDS,
  type ImportObjectKind,
  type ImportPhase,
  SOURCE_OUTCOMES,
  type SourceImportItem,
  type SourceImportReport,
  type SourceOutcome,
} from '@ipam/core/api/source-import';
import { counted } from '@ipam/core/plural';

/** The kinds as table rows and filter choices. */
export const kindTitles: Record<ImportObjectKind, string> = {
  vrf: 'VRFs',
  group: 'Groups',
  subnet: 'Subnets',
  address: 'Addresses',
};

const kindNouns: Record<ImportObjectKind, [string, string]> = {
  vrf: ['VRF', 'VRFs'],
  group: ['group', 'groups'],
  subnet: ['subnet', 'subnets'],
  address: ['address', 'addresses'],
};

/** "3 subnets", "1 address". */
export function countOf(kind: ImportObjectKind, count: number): string {
  const [singular, plural] = kindNouns[kind];
  return counted(count, singular, plural);
}

/** An outcome in words: what a preview would do, or what an import did. */
export function outcomeWords(outcome: SourceOutcome, isPreview: boolean): string {
  if (!isPreview) return outcome[0]?.toUpperCase() + outcome.slice(1);
  return outcome === 'unchanged' ? 'Would stay unchanged' : `Would be ${outcome}`;
}

/** The phases an import goes through: a preview reads and checks; an import writes kind by kind. */
export function phasesOf(isPreview: boolean): ImportPhase[] {
  return isPreview ? ['reading', 'addresses'] : ['reading', 'vrfs', 'groups', 'subnets', 'addresses'];
}

/** A phase in words. */
export function phaseWords(phase: ImportPhase, isPreview: boolean): string {
  switch (phase) {
    case 'reading':
      return 'Reading VRFs, groups and subnets from the source';
    case 'vrfs':
      return 'Writing VRFs';
    case 'groups':
      return 'Writing groups';
    case 'subnets':
      return 'Writing subnets';
    case 'addresses':
      return isPreview ? 'Reading and checking addresses' : 'Reading and writing addresses';
    case 'done':
      return 'Finishing';
  }
}

/** What a phase counts, or null for the reading phase (it counts nothing). */
export function phaseKind(phase: ImportPhase): ImportObjectKind | null {
  switch (phase) {
    case 'vrfs':
      return 'vrf';
    case 'groups':
      return 'group';
    case 'subnets':
      return 'subnet';
    case 'addresses':
      return 'address';
    default:
      return null;
  }
}

/** Which objects the objects table lists: an outcome and a kind, or all. */
export interface ItemFilter {
  outcome: SourceOutcome | 'all';
  kind: ImportObjectKind | 'all';
}

/** The outcomes the objects table lists in this order: the skipped ones first, they need a look. */
const listOrder: SourceOutcome[] = ['skipped', 'imported', 'updated', 'unchanged'];

/** The report's objects under the filter, skipped first, then in the order of the kinds, then as read. */
export function filteredItems(items: readonly SourceImportItem[], filter: ItemFilter): SourceImportItem[] {
  const rank = (item: SourceImportItem) =>
    listOrder.indexOf(item.outcome) * IMPORT_OBJECT_KINDS.length + IMPORT_OBJECT_KINDS.indexOf(item.kind);
  return items
    .filter((item) => filter.outcome === 'all' || item.outcome === filter.outcome)
    .filter((item) => filter.kind === 'all' || item.kind === filter.kind)
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

/** "2 VRFs, 5 groups and 25 subnets" for one outcome's counts; null when it has none. */
export function countsSentence(report: SourceImportReport, outcome: SourceOutcome): string | null {
  const parts = IMPORT_OBJECT_KINDS.filter((kind) => report.counts[kind][outcome] > 0).map((kind) =>
    countOf(kind, report.counts[kind][outcome]),
  );
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] ?? null) : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Whether the report holds anything to write (an Apply would change the account). */
export function hasWrites(report: SourceImportReport): boolean {
  return IMPORT_OBJECT_KINDS.some((kind) => report.counts[kind].imported + report.counts[kind].updated > 0);
}

/** Every outcome in the order of the counts table. */
export const outcomeColumns = SOURCE_OUTCOMES;

/** The download's file name: `ipam-import-report-2026-11-27.md` (a preview's: `ipam-import-preview-…`). */
export function reportFileName(report: SourceImportReport, day: string, extension: 'md' | 'json'): string {
  return `ipam-import-${report.dryRun ? 'preview' : 'report'}-${day}.${extension}`;
}
