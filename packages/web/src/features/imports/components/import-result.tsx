import { IMPORT_OBJECT_KINDS, type SourceImportReport } from '@ipam/core/api/source-import';
import { sourceImportMarkdown } from '@ipam/core/source-import-report';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadText } from '../../../lib/download.js';
import { formatDateTime } from '../../../lib/format.js';
import { isoDay } from '../../../lib/iso-day.js';
import { kindTitles, outcomeColumns, outcomeWords, reportFileName } from '../import-report-view.js';
import { ImportItemsTable } from './import-items-table.js';

/** The counts per kind × outcome (a preview's in "would be" words). */
function CountsTable({ report }: { report: SourceImportReport }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder aria-label="Counts" maw={860}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Kind</Table.Th>
            {outcomeColumns.map((outcome) => (
              <Table.Th key={outcome} ta="right">
                {outcomeWords(outcome, report.dryRun)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {IMPORT_OBJECT_KINDS.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Th scope="row" fw={500}>
                {kindTitles[kind]}
              </Table.Th>
              {outcomeColumns.map((outcome) => {
                const count = report.counts[kind][outcome];
                return (
                  <Table.Td key={outcome} ta="right" c={count === 0 ? 'dimmed' : undefined}>
                    {count.toLocaleString('en-US')}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A finished preview or import: what it did per kind, the objects one by one, and the downloads. */
export function ImportResult({ report }: { report: SourceImportReport }) {
  const day = isoDay(new Date(report.finishedAt));
  const seconds = Math.max(0, (Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000);
  const download = (extension: 'md' | 'json') =>
    downloadText(
      reportFileName(report, day, extension),
      extension === 'md' ? sourceImportMarkdown(report) : `${JSON.stringify(report, null, 2)}\n`,
      extension === 'md' ? 'text/markdown;charset=utf-8' : 'application/json;charset=utf-8',
    );
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      aria-label={report.dryRun ? 'Preview result' : 'Import report'}
    >
      <Stack>
        <div>
          <Title order={4}>{report.dryRun ? 'Preview: nothing was written' : 'Import finished'}</Title>
          <Text size="sm" c="dimmed">
            {report.source} · finished {formatDateTime(report.finishedAt)}, in{' '}
            {seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds / 60)} min`}
          </Text>
        </div>
        <CountsTable report={report} />
        <Group>
          <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => download('md')}>
            Report (Markdown)
          </Button>
          <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => download('json')}>
            Report (JSON)
          </Button>
        </Group>
        <Title order={5}>Objects</Title>
        <ImportItemsTable report={report} />
      </Stack>
    </Paper>
  );
}
