import {
  IMPORT_OBJECT_KINDS,
  SOURCE_OUTCOMES,
  type ImportObjectKind,
  type SourceImportReport,
} from './api/source-import.js';

const KIND_TITLES: Record<ImportObjectKind, string> = {
  vrf: 'VRFs',
  group: 'Groups',
  subnet: 'Subnets',
  address: 'Addresses',
};

/** Markdown table cell text: pipes and line breaks would break the table. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The report of an import as Markdown: the counts per kind, then every listed object with its outcome. */
export function sourceImportMarkdown(report: SourceImportReport): string {
  const lines = [
    `# ${report.dryRun ? 'Import preview' : 'Import report'}: ${cell(report.source)}`,
    '',
    `Started ${report.startedAt}, finished ${report.finishedAt}.${report.dryRun ? ' Nothing was written.' : ''}`,
    '',
    `| Kind | ${SOURCE_OUTCOMES.map((o) => o[0]?.toUpperCase() + o.slice(1)).join(' | ')} |`,
    `|---|${SOURCE_OUTCOMES.map(() => '---:').join('|')}|`,
    ...IMPORT_OBJECT_KINDS.map(
      (kind) =>
        `| ${KIND_TITLES[kind]} | ${SOURCE_OUTCOMES.map((o) => report.counts[kind][o].toLocaleString('en-US')).join(' | ')} |`,
    ),
    '',
  ];
  for (const kind of IMPORT_OBJECT_KINDS) {
    const items = report.items.filter((item) => item.kind === kind);
    if (items.length === 0) continue;
    lines.push(`## ${KIND_TITLES[kind]}`, '', '| Outcome | Object | Source | Reason |', '|---|---|---|---|');
    for (const item of items) {
      lines.push(
        `| ${item.outcome} | ${cell(item.object)} | ${cell(item.source)} | ${cell(item.reason ?? '')} |`,
      );
    }
    lines.push('');
  }
  if (report.itemsLeftOut > 0) {
    lines.push(
      `${report.itemsLeftOut.toLocaleString('en-US')} more objects were imported, updated or skipped; the counts above include them.`,
      '',
    );
  }
  return lines.join('\n');
}
