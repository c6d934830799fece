import { type SavedIPv4, savedIPv4Response, savedIPv6Response } from '@ipam/core/api/calculation';
import { listOf } from '@ipam/core/api/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.js';
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

/** `GET|POST /api/accounts/:a/calculations/ipv4` items: core's shape, the spec's subnetMask as `mask`. */
const savedIPv4 = savedIPv4Response.transform((saved) => toSavedCalculation(saved, saved.subnetMask));

/** `GET|POST /api/accounts/:a/calculations/ipv6` items: core's shape, the prefix length as typed as `mask`. */
const savedIPv6 = savedIPv6Response.transform((saved) => toSavedCalculation(saved, saved.prefixLength));

/** How one calculator talks to the API. */
export interface CalculationsApi<Result> {
  kind: CalculatorKind;
  saved: z.ZodType<SavedCalculation<Result>>;
  /** The POST body: the inputs exactly as typed; the server computes the result. */
  body: (ipAddress: string, mask: string) => Record<string, string>;
}

export const ipv4CalculationsApi: CalculationsApi<IPv4Result> = {
  kind: 'ipv4',
  saved: savedIPv4,
  body: (ipAddress, subnetMask) => ({ ipAddress, subnetMask }),
};

export const ipv6CalculationsApi: CalculationsApi<IPv6Result> = {
  kind: 'ipv6',
  saved: savedIPv6,
  body: (ipAddress, prefixLength) => ({ ipAddress, prefixLength }),
};

const path = (accountId: string, kind: CalculatorKind) => `/api/accounts/${accountId}/calculations/${kind}`;

/** The account's saved calculations of one calculator, newest first. */
export function useSavedCalculations<Result>(
  accountId: string | undefined,
  calculations: CalculationsApi<Result>,
) {
  return useQuery({
    queryKey: queryKeys.calculations(accountId ?? '', calculations.kind),
    queryFn: async () =>
      (await api.get(path(accountId ?? '', calculations.kind), listOf(calculations.saved))).items,
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
      api.post(
        path(accountId ?? '', calculations.kind),
        calculations.body(input.ipAddress, input.mask),
        calculations.saved,
      ),
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
    mutationFn: (id: string) => api.delete(`/api/accounts/${accountId ?? ''}/calculations/${id}`),
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData<{ id: string }[]>(key, (list) => list?.filter((item) => item.id !== id)),
    onSettled: (_nothing, error) => refresh(['calculation'], { error }),
  });
}
