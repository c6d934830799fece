import { scannerResponse, scannerWithKeyResponse } from '@ipam/core/api/scanner';
import type { ScannerCreateInput, ScannerUpdateInput } from '@ipam/core/schemas/scanner-schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';

function scannersPath(accountId: string, scannerId?: string): string {
  const base = `/api/accounts/${accountId}/scanners`;
  return scannerId === undefined ? base : `${base}/${encodeURIComponent(scannerId)}`;
}

/** Every scanner change refreshes the list (the live event does it for the other members). */
function useScannerMutation<Variables, Result>(
  accountId: string,
  send: (variables: Variables) => Promise<Result>,
) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: send,
    onSettled: (_result, error) => refresh(['scanner'], { error }),
  });
}

/** Registers a scanner; the answer carries its key, the only time the key is ever sent. */
export function useCreateScanner(accountId: string) {
  return useScannerMutation(accountId, (input: ScannerCreateInput) =>
    api.post(scannersPath(accountId), input, scannerWithKeyResponse),
  );
}

/** Changes a scanner's name, description, subnets or Block Scanning. */
export function useUpdateScanner(accountId: string) {
  return useScannerMutation(accountId, ({ id, fields }: { id: string; fields: ScannerUpdateInput }) =>
    api.patch(scannersPath(accountId, id), fields, scannerResponse),
  );
}

/** Deletes a scanner; its key stops working. */
export function useDeleteScanner(accountId: string) {
  return useScannerMutation(accountId, (id: string) => api.delete(scannersPath(accountId, id)));
}

/** Makes a new key for the scanner and answers it once; the old key stops working at once. */
export function useRegenerateScannerKey(accountId: string) {
  return useScannerMutation(accountId, (id: string) =>
    api.action(`${scannersPath(accountId, id)}/key`, scannerWithKeyResponse),
  );
}

/** Drops the ids of deleted subnets ("(Removed)") from the scanner's list. */
export function useRemoveMissingSubnets(accountId: string) {
  return useScannerMutation(accountId, (id: string) =>
    api.action(`${scannersPath(accountId, id)}/remove-missing-subnets`, scannerResponse),
  );
}
