import { listOf } from '@ipam/core/api/common';
import { groupResponse } from '@ipam/core/api/ipam';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.js';
import { queryKeys } from '../query-keys.js';

const groupList = listOf(groupResponse);

/** The account's groups in name order (core's compareNames, as the server answers them); live. */
export function useGroups(accountId: string) {
  return useQuery({
    queryKey: queryKeys.groups(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/groups`, groupList)).items,
  });
}
