import { listOf } from '@ipam/core/api/common';
import { subnetResponse } from '@ipam/core/api/ipam';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.js';
import { queryKeys } from '../query-keys.js';

const subnetList = listOf(subnetResponse);

/** The account's subnets in name order (core's compareNames, as the server answers them). */
export function useSubnets(accountId: string) {
  return useQuery({
    queryKey: queryKeys.subnets(accountId),
    queryFn: async () => (await api.get(`/api/accounts/${accountId}/subnets`, subnetList)).items,
  });
}
