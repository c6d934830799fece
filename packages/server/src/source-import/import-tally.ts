import {
  IMPORT_OBJECT_KINDS,
  MAX_REPORT_ITEMS,
  type ImportObjectKind,
  type SourceImportItem,
  type SourceImportReport,
  type SourceOutcome,
} from '@ipam/core/api/source-import';

type Counts = SourceImportReport['counts'];

/** The counts and the listed objects of an import as it goes; the report at the end. */
export interface ImportTally {
  add(item: SourceImportItem): void;
  /** Takes back an object counted earlier (a planned import the database then refused). */
  retract(kind: ImportObjectKind, outcome: SourceOutcome, source: string): void;
  count(kind: ImportObjectKind, outcome: SourceOutcome): number;
  report(source: string, dryRun: boolean, startedAt: string): SourceImportReport;
}

/**
 * A tally that counts every object and lists every one not unchanged, up to MAX_REPORT_ITEMS (beyond
 * that only counted), so a million-address import keeps a bounded report.
 */
export function createTally(maxItems = MAX_REPORT_ITEMS): ImportTally {
  const counts = Object.fromEntries(
    IMPORT_OBJECT_KINDS.map((kind) => [kind, { imported: 0, updated: 0, unchanged: 0, skipped: 0 }]),
  ) as Counts;
  const items: SourceImportItem[] = [];
  let itemsLeftOut = 0;
  return {
    add(item) {
      counts[item.kind][item.outcome] += 1;
      if (item.outcome === 'unchanged') return;
      if (items.length < maxItems) items.push(item);
      else itemsLeftOut += 1;
    },
    retract(kind, outcome, source) {
      counts[kind][outcome] -= 1;
      const index = items.findIndex(
        (item) => item.kind === kind && item.outcome === outcome && item.source === source,
      );
      if (index >= 0) items.splice(index, 1);
      else if (outcome !== 'unchanged') itemsLeftOut -= 1;
    },
    count: (kind, outcome) => counts[kind][outcome],
    report: (source, dryRun, startedAt) => ({
      source,
      dryRun,
      startedAt,
      finishedAt: new Date().toISOString(),
      counts: structuredClone(counts),
      items: [...items],
      itemsLeftOut,
    }),
  };
}
