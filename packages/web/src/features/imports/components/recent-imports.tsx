import type { ImportJobStatus, SourceImportJob } from '@ipam/core/api/source-import';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import type { useSourceImports } from '../api/source-imports.js';

/** To the second: two previews a minute apart must not read the same. */
const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const statusBadges: Record<ImportJobStatus, { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Done', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  interrupted: { label: 'Interrupted', color: 'yellow' },
};

interface RecentImportsProps {
  imports: ReturnType<typeof useSourceImports>;
  selectedId: string | null;
  onSelect: (job: SourceImportJob) => void;
}

/** The account's latest previews and imports; choosing one shows its report above. */
export function RecentImports({ imports, selectedId, onSelect }: RecentImportsProps) {
  if (imports.isPending) return <SectionLoader label="Loading the latest imports..." />;
  if (imports.isError) return <SectionError error={imports.error} onRetry={() => void imports.refetch()} />;
  if (imports.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No imports yet. A preview shows what an import would do, and writes nothing.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-label="Latest imports" maw={960}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imports.data.map((job) => {
            const isSelected = job.id === selectedId;
            const badge = statusBadges[job.status];
            const when = whenFormat.format(new Date(job.startedAt));
            return (
              <Table.Tr
                key={job.id}
                aria-current={isSelected ? 'true' : undefined}
                bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onSelect(job)}
              >
                <Table.Td>
                  {/* The row is clickable; the button in it is what the keyboard reaches. */}
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    ta="left"
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(job);
                    }}
                    aria-label={`Show the ${job.dryRun ? 'preview' : 'import'} of ${when}`}
                  >
                    {when}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{job.source}</Table.Td>
                <Table.Td>{job.dryRun ? 'Preview' : 'Import'}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={badge.color} tt="none">
                    {badge.label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
