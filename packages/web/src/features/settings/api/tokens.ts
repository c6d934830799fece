import { tokenRoutes } from '@ipam/core/api/routes/tokens';
import type { TokenCreateInput } from '@ipam/core/schemas/token-schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { useChangeRefresh } from '../../../lib/own-changes.js';
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
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: (input: TokenCreateInput) => call(tokenRoutes.create, { params: { accountId }, body: input }),
    onSuccess: () => refresh(['token']),
  });
}

/** Revokes a token at once. */
export function useRevokeToken(accountId: string) {
  const refresh = useChangeRefresh(accountId);
  return useMutation({
    mutationFn: (tokenId: string) => call(tokenRoutes.revoke, { params: { accountId, tokenId } }),
    onSettled: (_done, error) => refresh(['token'], { error }),
  });
}
