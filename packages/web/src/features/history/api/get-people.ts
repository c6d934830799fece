import { memberResponse } from '@ipam/core/api/account';
import { listOf } from '@ipam/core/api/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

const memberList = listOf(memberResponse);

/** The account's members, whom the History screen can be narrowed to. */
export function usePeople(accountId: string) {
  return useQuery({
    queryKey: queryKeys.users(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/users`, memberList)).items,
  });
}
