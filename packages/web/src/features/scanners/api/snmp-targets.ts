import { scannerSnmpRoutes } from '@ipam/core/api/routes/scanner-snmp';
import type { SnmpTargetsUpdateInput } from '@ipam/core/schemas/snmp-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';

/** Under the scanners' key: a scanner's live event refreshes its targets too. */
const targetsKey = (accountId: string, scannerId: string) =>
  [...queryKeys.scanners(accountId), scannerId, 'snmp-targets'] as const;

/** A scanner's SNMP targets (admins only; credentials are never sent back, only whether they are set). */
export function useSnmpTargets(accountId: string, scannerId: string | null) {
  return useQuery({
    queryKey: targetsKey(accountId, scannerId ?? ''),
    queryFn: async () =>
      (await call(scannerSnmpRoutes.get, { params: { accountId, scannerId: scannerId ?? '' } })).targets,
    enabled: scannerId !== null,
  });
}

/** Replaces a scanner's SNMP targets; a target sent without its secrets keeps the stored ones. */
export function useSaveSnmpTargets(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scannerId, body }: { scannerId: string; body: SnmpTargetsUpdateInput }) =>
      call(scannerSnmpRoutes.replace, { params: { accountId, scannerId }, body }),
    onSuccess: (saved, { scannerId }) =>
      queryClient.setQueryData(targetsKey(accountId, scannerId), saved.targets),
    onSettled: (_result, error) => refresh(['scanner'], { error }),
  });
}
