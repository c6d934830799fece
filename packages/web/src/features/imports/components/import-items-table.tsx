import {
  IMPORT_OBJECT_KINDS,
  type ImportObjectKind,
  MAX_REPORT_ITEMS,
  type SourceImportReport,
  type SourceOutcome,
} from '@ipam/core/api/source-import';
import { Badge, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { filteredItems, type ItemFilter, kindTitles, outcomeWords } from '../import-report-view.js';

const number = (count: number) => count.toLocaleString('en-US');

/** Rows on one page of the objects table (a report lists up to 20,000). */
export const itemsPerPage = 50;

const outcomeColors: Record<SourceOutcome, string> = {
  imported: 'green',
  updated: 'blue',
  unchanged: 'gray',
  skipped: 'orange',
};

const kindSingular: Record<ImportObjectKind, string> = {
  vrf: 'VRF',
  group: 'Group',
  subnet: 'Subnet',
  address: 'Address',
};

/** The report's objects one by one, skipped first, filtered by outcome and kind, a page at a time. */
export function ImportItemsTable({ report }: { report: SourceImportReport }) {
  const isPreview = report.dryRun;
  const [filter, setFilter] = useState<ItemFilter>({ outcome: 'all', kind: 'all' });
  const [page, setPage] = useState(1);
  const rows = useMemo(() => filteredItems(report.items, filter), [report.items, filter]);
  const pages = Math.max(1, Math.ceil(rows.length / itemsPerPage));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * itemsPerPage, current * itemsPerPage);
  const listedOutcomes = (['skipped', 'imported', 'updated'] as const).filter((outcome) =>
    report.items.some((item) => item.outcome === outcome),
  );

  const change = (next: Partial<ItemFilter>) => {
    setFilter({ ...filter, ...next });
    setPage(1);
  };

  if (report.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No object to list: every object {isPreview ? 'would stay' : 'stayed'} unchanged.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label="Outcome"
          w={220}
          allowDeselect={false}
          value={filter.outcome}
          onChange={(value) => change({ outcome: listedOutcomes.find((o) => o === value) ?? 'all' })}
          data={[
            { value: 'all', label: 'All listed' },
            ...listedOutcomes.map((outcome) => ({ value: outcome, label: outcomeWords(outcome, isPreview) })),
          ]}
        />
        <Select
          label="Kind"
          w={180}
          allowDeselect={false}
          value={filter.kind}
          onChange={(value) => change({ kind: IMPORT_OBJECT_KINDS.find((k) => k === value) ?? 'all' })}
          data={[
            { value: 'all', label: 'All kinds' },
            ...IMPORT_OBJECT_KINDS.map((kind) => ({ value: kind, label: kindTitles[kind] })),
          ]}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Objects that {isPreview ? 'would stay' : 'stayed'} unchanged are counted above, not listed.
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No listed object matches these filters.
        </Text>
      ) : (
        <>
          {/* A page scrolls in its own box, so the latest imports below stay in reach. */}
          <Table.ScrollContainer minWidth={760} mah={560}>
            <Table striped stickyHeader aria-label="Imported objects" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>Kind</Table.Th>
                  <Table.Th w="20%">Object</Table.Th>
                  <Table.Th w="17%">Source</Table.Th>
                  <Table.Th w={160}>Outcome</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((item, index) => (
                  <Table.Tr key={`${current}-${index}`}>
                    <Table.Td>{kindSingular[item.kind]}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.object}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.source}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={outcomeColors[item.outcome]} tt="none">
                        {outcomeWords(item.outcome, isPreview)}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.reason ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {number((current - 1) * itemsPerPage + 1)}–{number((current - 1) * itemsPerPage + shown.length)}{' '}
              of {number(rows.length)}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                size="sm"
                aria-label="Pages of objects"
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                })}
              />
            )}
          </Group>
        </>
      )}
      {report.itemsLeftOut > 0 && (
        <Text size="sm">
          {report.itemsLeftOut.toLocaleString('en-US')} more not listed: a report lists at most{' '}
          {MAX_REPORT_ITEMS.toLocaleString('en-US')} objects; the counts above include every one.
        </Text>
      )}
    </Stack>
  );
}
