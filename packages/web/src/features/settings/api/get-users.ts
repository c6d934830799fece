import { memberResponse } from '@ipam/core/api/account';
import { listOf } from '@ipam/core/api/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

const memberList = listOf(memberResponse);

/** The users linked to the account. */
export function useAccountUsers(accountId: string) {
  return useQuery({
    queryKey: queryKeys.users(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/users`, memberList)).items,
  });
}
