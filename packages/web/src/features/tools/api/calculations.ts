import type { SavedIPv4, SavedIPv6 } from '@ipam/core/api/calculation';
import { calculationRoutes } from '@ipam/core/api/routes/calculations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';
import { queryKeys } from '../../../lib/query-keys.js';
import type { CalculatorKind } from '../lib/calculation-export.js';
import type { IPv4Result, IPv6Result } from '../lib/result-fields.js';

/** A saved calculation, the same for both calculators: `mask` is the mask or prefix as typed. */
export interface SavedCalculation<Result> {
  id: string;
  ipAddress: string;
  mask: string;
  result: Result;
  createdAt: string;
  createdByEmail: string | null;
}

/** What both saved shapes share, as the screen uses it: the mask or prefix as typed becomes `mask`. */
function toSavedCalculation<Result>(
  saved: Pick<SavedIPv4, 'id' | 'ipAddress' | 'createdAt' | 'createdByEmail'> & { calculationResult: Result },
  mask: string,
): SavedCalculation<Result> {
  const { id, ipAddress, createdAt, createdByEmail, calculationResult } = saved;
  return { id, ipAddress, mask, result: calculationResult, createdAt, createdByEmail };
}

/** An IPv4 answer as the screen uses it: the spec's subnetMask as `mask`. */
export const fromSavedIPv4 = (saved: SavedIPv4) => toSavedCalculation(saved, saved.subnetMask);

/** An IPv6 answer as the screen uses it: the prefix length as typed as `mask`. */
export const fromSavedIPv6 = (saved: SavedIPv6) => toSavedCalculation(saved, saved.prefixLength);

/** How one calculator talks to the API. */
export interface CalculationsApi<Result> {
  kind: CalculatorKind;
  /** The account's saved calculations of this calculator, newest first. */
  list: (accountId: string) => Promise<SavedCalculation<Result>[]>;
  /** Saves the inputs exactly as typed; the server computes the result. */
  save: (accountId: string, ipAddress: string, mask: string) => Promise<SavedCalculation<Result>>;
}

export const ipv4CalculationsApi: CalculationsApi<IPv4Result> = {
  kind: 'ipv4',
  list: async (accountId) =>
    (await call(calculationRoutes.listIPv4, { params: { accountId } })).items.map(fromSavedIPv4),
  save: async (accountId, ipAddress, subnetMask) =>
    fromSavedIPv4(
      await call(calculationRoutes.saveIPv4, { params: { accountId }, body: { ipAddress, subnetMask } }),
    ),
};

export const ipv6CalculationsApi: CalculationsApi<IPv6Result> = {
  kind: 'ipv6',
  list: async (accountId) =>
    (await call(calculationRoutes.listIPv6, { params: { accountId } })).items.map(fromSavedIPv6),
  save: async (accountId, ipAddress, prefixLength) =>
    fromSavedIPv6(
      await call(calculationRoutes.saveIPv6, { params: { accountId }, body: { ipAddress, prefixLength } }),
    ),
};

/** The account's saved calculations of one calculator, newest first. */
export function useSavedCalculations<Result>(
  accountId: string | undefined,
  calculations: CalculationsApi<Result>,
) {
  return useQuery({
    queryKey: queryKeys.calculations(accountId ?? '', calculations.kind),
    queryFn: () => calculations.list(accountId ?? ''),
    enabled: accountId !== undefined,
  });
}

/** Saves the inputs; the new calculation goes to the top of the cached list. */
export function useSaveCalculation<Result>(
  accountId: string | undefined,
  calculations: CalculationsApi<Result>,
) {
  const queryClient = useQueryClient();
  const refresh = useChangeRefresh(accountId ?? '');
  const key = queryKeys.calculations(accountId ?? '', calculations.kind);
  return useMutation({
    mutationFn: (input: { ipAddress: string; mask: string }) =>
      calculations.save(accountId ?? '', input.ipAddress, input.mask),
    onSuccess: (saved) => {
      queryClient.setQueryData<SavedCalculation<Result>[]>(key, (list) => [
        saved,
        ...(list ?? []).filter((item) => item.id !== saved.id),
      ]);
      return refresh(['calculation']);
    },
  });
}

/** Deletes a saved calculation of either calculator. */
export function useDeleteCalculation(accountId: string | undefined, kind: CalculatorKind) {
  const queryClient = useQueryClient();
  const refresh = useChangeRefresh(accountId ?? '');
  const key = queryKeys.calculations(accountId ?? '', kind);
  return useMutation({
    mutationFn: (calculationId: string) =>
      call(calculationRoutes.remove, { params: { accountId: accountId ?? '', calculationId } }),
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData<{ id: string }[]>(key, (list) => list?.filter((item) => item.id !== id)),
    onSettled: (_nothing, error) => refresh(['calculation'], { error }),
  });
}
