import type { SourceImportJob } from '@ipam/core/api/source-import';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { everything, invalidateTargets } from '../../../lib/live-refresh.js';
import { useSourceImport } from '../api/source-imports.js';
import { ImportProgress } from './import-progress.js';
import { ImportResult } from './import-result.js';

/**
 * Once an import seen running ends, everything of the account is read again: its writes announce
 * their own events, but when the event stream is missing (progress then comes by polling) the other
 * pages would otherwise show the account as it was.
 */
function useRefreshWhenImported(accountId: string, job: SourceImportJob | undefined): void {
  const queryClient = useQueryClient();
  const seenRunning = useRef<string | null>(null);
  const id = job?.id;
  const status = job?.status;
  const isImport = job?.dryRun === false;
  useEffect(() => {
    if (status === 'running') {
      seenRunning.current = id ?? null;
    } else if (status !== undefined && id === seenRunning.current) {
      seenRunning.current = null;
      if (isImport) void invalidateTargets(queryClient, everything(accountId));
    }
  }, [queryClient, accountId, id, status, isImport]);
}

/** One import as far as it is: its progress, its report, or why it has none. */
export function ImportJobView({ accountId, importId }: { accountId: string; importId: string }) {
  const job = useSourceImport(accountId, importId);
  useRefreshWhenImported(accountId, job.data);
  if (job.isPending) return <SectionLoader label="Loading the import..." />;
  if (job.isError) return <SectionError error={job.error} onRetry={() => void job.refetch()} />;
  return <ImportJobState job={job.data} />;
}

function ImportJobState({ job }: { job: SourceImportJob }) {
  const what = job.dryRun ? 'preview' : 'import';
  switch (job.status) {
    case 'running':
      return <ImportProgress job={job} />;
    case 'failed':
      return (
        <Alert
          color="red"
          role="alert"
          icon={<IconAlertTriangle size={18} />}
          title={job.dryRun ? 'The preview failed' : 'The import failed'}
          maw={760}
        >
          <Text size="sm">{job.error ?? 'The server gave no reason.'}</Text>
          {!job.dryRun && (
            <Text size="sm" mt="xs">
              What it wrote before it stopped stays; once the problem is solved, running it again finishes it.
            </Text>
          )}
        </Alert>
      );
    case 'interrupted':
      return (
        <Alert
          color="yellow"
          role="alert"
          icon={<IconPlayerPause size={18} />}
          title={`The ${what} stopped before it finished`}
          maw={760}
        >
          <Text size="sm">
            {job.dryRun
              ? 'The server stopped while it read the source (a restart, most likely). Run the preview again.'
              : 'The server stopped while it imported (a restart, most likely). What it wrote stays, and ' +
                'running the same import again finishes it: objects already here are matched, not copied twice.'}
          </Text>
        </Alert>
      );
    case 'done':
      return job.report ? (
        <ImportResult report={job.report} />
      ) : (
        <Text c="dimmed">This {what} finished, but its report is not available.</Text>
      );
  }
}
