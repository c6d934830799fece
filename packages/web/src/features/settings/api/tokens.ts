import { listOf } from '@ipam/core/api/common';
import { tokenResponse, tokenWithSecretResponse } from '@ipam/core/api/token';
import type { TokenCreateInput } from '@ipam/core/schemas/token-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';
import { queryKeys } from '../../../lib/query-keys.js';

const tokenList = listOf(tokenResponse);

/** The account's API tokens that are not revoked (every member sees them all). */
export function useTokens(accountId: string) {
  return useQuery({
    queryKey: queryKeys.tokens(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/tokens`, tokenList)).items,
  });
}

/** Creates a token; the answer carries its secret, the only time it is shown. */
export function useCreateToken(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: (input: TokenCreateInput) =>
      api.post(`/api/accounts/${accountId}/tokens`, input, tokenWithSecretResponse),
    onSuccess: () => refresh(['token']),
  });
}

/** Revokes a token at once. */
export function useRevokeToken(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: (tokenId: string) => api.delete(`/api/accounts/${accountId}/tokens/${tokenId}`),
    onSettled: (_done, error) => refresh(['token'], { error }),
  });
}
