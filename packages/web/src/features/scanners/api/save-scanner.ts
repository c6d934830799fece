import { scannerRoutes } from '@ipam/core/api/routes/scanners';
import type { ScannerCreateInput, ScannerUpdateInput } from '@ipam/core/schemas/scanner-schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';

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
    call(scannerRoutes.create, { params: { accountId }, body: input }),
  );
}

/** Changes a scanner's name, description, subnets or Block Scanning. */
export function useUpdateScanner(accountId: string) {
  return useScannerMutation(accountId, ({ id, fields }: { id: string; fields: ScannerUpdateInput }) =>
    call(scannerRoutes.update, { params: { accountId, scannerId: id }, body: fields }),
  );
}

/** Deletes a scanner; its key stops working. */
export function useDeleteScanner(accountId: string) {
  return useScannerMutation(accountId, (id: string) =>
    call(scannerRoutes.remove, { params: { accountId, scannerId: id } }),
  );
}

/** Makes a new key for the scanner and answers it once; the old key stops working at once. */
export function useRegenerateScannerKey(accountId: string) {
  return useScannerMutation(accountId, (id: string) =>
    call(scannerRoutes.regenerateKey, { params: { accountId, scannerId: id } }),
  );
}

/** Drops the ids of deleted subnets ("(Removed)") from the scanner's list. */
export function useRemoveMissingSubnets(accountId: string) {
  return useScannerMutation(accountId, (id: string) =>
    call(scannerRoutes.removeMissingSubnets, { params: { accountId, scannerId: id } }),
  );
}
