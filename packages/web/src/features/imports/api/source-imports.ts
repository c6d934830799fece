import { sourceImportRoutes } from '@ipam/core/api/routes/source-imports';
import type { SourceImportJob, SourceImportRequest } from '@ipam/core/api/source-import';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * While an import runs it is read again this often besides its live events: the event stream may be
 * missing (too many open tabs for the stream limit, a proxy that buffers), and an import stopped by a
 * server restart turns "interrupted" with no event at all, only when read after a while.
 */
export const runningPollMs = 3_000;

const isRunning = (job: SourceImportJob | undefined) => job?.status === 'running';

/** The account's latest imports, newest first, without their reports; live, and polled while one runs. */
export function useSourceImports(accountId: string) {
  return useQuery({
    queryKey: queryKeys.sourceImports(accountId),
    queryFn: async () => (await call(sourceImportRoutes.list, { params: { accountId } })).items,
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? runningPollMs : false),
  });
}

/** One import with its progress, then its report or error; null keeps the query idle. */
export function useSourceImport(accountId: string, importId: string | null) {
  return useQuery({
    queryKey: queryKeys.sourceImport(accountId, importId ?? ''),
    queryFn: () => call(sourceImportRoutes.get, { params: { accountId, importId: importId ?? '' } }),
    enabled: importId !== null,
    // A finished import never changes again; a running one is re-read on each event and by the poll.
    staleTime: (query) => (isRunning(query.state.data) ? 0 : Infinity),
    refetchInterval: (query) => (isRunning(query.state.data) ? runningPollMs : false),
    retry: false,
  });
}

/**
 * Starts an import (a preview when `dryRun`). The server answers 202 with the running import at once;
 * its progress then comes by live events. No own-change note is left: every event of the import
 * must refresh it, the first one too.
 */
export function useStartSourceImport(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SourceImportRequest) =>
      call(sourceImportRoutes.start, { params: { accountId }, body }),
    onSuccess: (job) => queryClient.setQueryData(queryKeys.sourceImport(accountId, job.id), job),
    // A refusal (another import running) says the list is behind too.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.sourceImports(accountId), exact: true }),
  });
}
