import { tokenRoutes } from '@ipam/core/api/routes/tokens';
import type { TokenCreateInput } from '@ipam/core/schemas/token-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's API tokens that are not revoked (every member sees them all). */
export function useTokens(accountId: string) {
  return useQuery({
    queryKey: queryKeys.tokens(accountId),
    queryFn: async () => (await call(tokenRoutes.list, { params: { accountId } })).items,
  });
}

/** Creates a token; the answer carries its secret, the only time it is shown. */
export function useCreateToken(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TokenCreateInput) => call(tokenRoutes.create, { params: { accountId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens(accountId) }),
  });
}

/** Revokes a token at once. */
export function useRevokeToken(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => call(tokenRoutes.revoke, { params: { accountId, tokenId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens(accountId) }),
  });
}
