import { memberRoutes } from '@ipam/core/api/routes/members';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's members, whom the History screen can be narrowed to. */
export function usePeople(accountId: string) {
  return useQuery({
    queryKey: queryKeys.users(accountId),
    queryFn: async () => (await call(memberRoutes.list, { params: { accountId } })).items,
  });
}
