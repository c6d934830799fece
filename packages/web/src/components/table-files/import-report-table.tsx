import type { ImportOutcome, ImportReport } from '@ipam/core/api/table-import';
import { Badge, Group as Row, Table, Text } from '@mantine/core';

/** Rows shown at most; the counts above the table cover every row. */
const SHOWN_ROWS = 500;

const colors: Record<ImportOutcome, string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'gray',
  error: 'red',
};

/** The per-row report of an import: the totals, then the rows (those with errors first). */
export function ImportReportTable({ report }: { report: ImportReport }) {
  const ordered = [
    ...report.rows.filter((row) => row.outcome === 'error'),
    ...report.rows.filter((row) => row.outcome !== 'error'),
  ];
  const shown = ordered.slice(0, SHOWN_ROWS);
  return (
    <>
      <Row gap="xs" aria-label="Import totals">
        {(Object.keys(colors) as ImportOutcome[]).map((outcome) => (
          <Badge key={outcome} color={colors[outcome]} variant="light" tt="none">
            {outcome}: {report.counts[outcome].toLocaleString()}
          </Badge>
        ))}
      </Row>
      <Table.ScrollContainer minWidth={480} mah={360}>
        <Table striped stickyHeader aria-label="Import report">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Entry</Table.Th>
              <Table.Th>Outcome</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.key}</Table.Td>
                <Table.Td>
                  <Badge size="sm" color={colors[row.outcome]} variant="light" tt="none">
                    {row.outcome}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.reason ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {ordered.length > shown.length && (
        <Text size="xs" c="dimmed">
          Showing {shown.length.toLocaleString()} of {ordered.length.toLocaleString()} rows (errors first).
        </Text>
      )}
    </>
  );
}
