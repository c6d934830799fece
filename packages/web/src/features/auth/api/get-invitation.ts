import { authRoutes } from '@ipam/core/api/routes/auth';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Whom the invite link was sent to and which account it joins; idle without a link. */
export function useInvitation(token: string | undefined) {
  return useQuery({
    queryKey: queryKeys.invitation(token ?? ''),
    queryFn: () => call(authRoutes.invitation, { query: { invite: token ?? '' }, allowUnauthorized: true }),
    enabled: token !== undefined,
    // A used or withdrawn link stays so; asking again would not change the answer.
    retry: false,
    staleTime: Infinity,
  });
}
