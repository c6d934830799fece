import { memberRoutes } from '@ipam/core/api/routes/members';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The users linked to the account. */
export function useAccountUsers(accountId: string) {
  return useQuery({
    queryKey: queryKeys.users(accountId),
    queryFn: async () => (await call(memberRoutes.list, { params: { accountId } })).items,
  });
}
