import { inviteResponse } from '@ipam/core/api/account';
import { listOf } from '@ipam/core/api/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

const inviteList = listOf(inviteResponse);

/** The account's pending invites. */
export function useInvites(accountId: string) {
  return useQuery({
    queryKey: queryKeys.invites(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/invites`, inviteList)).items,
  });
}
