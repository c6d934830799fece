import { inviteRoutes } from '@ipam/core/api/routes/invites';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's pending invites. */
export function useInvites(accountId: string) {
  return useQuery({
    queryKey: queryKeys.invites(accountId),
    queryFn: async () => (await call(inviteRoutes.list, { params: { accountId } })).items,
  });
}
