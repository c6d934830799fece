import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.js';
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

const ipv4ResultSchema = z.object({
  address: z.string(),
  cidr: z.number(),
  networkAddress: z.string(),
  broadcastAddress: z.string().nullable(),
  firstUsable: z.string(),
  lastUsable: z.string(),
  usableIpRange: z.string(),
  totalAddresses: z.number(),
  totalHosts: z.number(),
  subnetMask: z.string(),
  wildcardMask: z.string(),
  binarySubnetMask: z.string(),
  ipClass: z.string(),
  ipType: z.string(),
}) satisfies z.ZodType<IPv4Result>;

const ipv6ResultSchema = z.object({
  address: z.string(),
  cidr: z.number(),
  networkAddress: z.string(),
  lastAddress: z.string(),
  usableIpRange: z.string(),
  totalAddresses: z.string(),
  subnetMask: z.string(),
  ipType: z.string(),
}) satisfies z.ZodType<IPv6Result>;

const savedFields = {
  id: z.string(),
  ipAddress: z.string(),
  createdAt: z.string(),
  createdByEmail: z.string().nullable(),
};

/** `GET|POST /api/accounts/:a/calculations/ipv4` items: the spec's subnetMask and cidr. */
const savedIPv4Schema = z
  .object({ ...savedFields, subnetMask: z.string(), calculationResult: ipv4ResultSchema })
  .transform(({ subnetMask, calculationResult, ...rest }) => ({
    ...rest,
    mask: subnetMask,
    result: calculationResult,
  }));

/** `GET|POST /api/accounts/:a/calculations/ipv6` items: the spec's prefixLength (as typed). */
const savedIPv6Schema = z
  .object({ ...savedFields, prefixLength: z.string(), calculationResult: ipv6ResultSchema })
  .transform(({ prefixLength, calculationResult, ...rest }) => ({
    ...rest,
    mask: prefixLength,
    result: calculationResult,
  }));

/** How one calculator talks to the API. */
export interface CalculationsApi<Result> {
  kind: CalculatorKind;
  saved: z.ZodType<SavedCalculation<Result>>;
  /** The POST body: the inputs exactly as typed; the server computes the result. */
  body: (ipAddress: string, mask: string) => Record<string, string>;
}

export const ipv4CalculationsApi: CalculationsApi<IPv4Result> = {
  kind: 'ipv4',
  saved: savedIPv4Schema,
  body: (ipAddress, subnetMask) => ({ ipAddress, subnetMask }),
};

export const ipv6CalculationsApi: CalculationsApi<IPv6Result> = {
  kind: 'ipv6',
  saved: savedIPv6Schema,
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
      (
        await api.get(
          path(accountId ?? '', calculations.kind),
          z.object({ items: z.array(calculations.saved) }),
        )
      ).items,
    enabled: accountId !== undefined,
  });
}

/** Saves the inputs; the new calculation goes to the top of the cached list. */
export function useSaveCalculation<Result>(
  accountId: string | undefined,
  calculations: CalculationsApi<Result>,
) {
  const queryClient = useQueryClient();
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
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** Deletes a saved calculation of either calculator. */
export function useDeleteCalculation(accountId: string | undefined, kind: CalculatorKind) {
  const queryClient = useQueryClient();
  const key = queryKeys.calculations(accountId ?? '', kind);
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/accounts/${accountId ?? ''}/calculations/${id}`),
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData<{ id: string }[]>(key, (list) => list?.filter((item) => item.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
