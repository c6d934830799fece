import { subnetRoutes } from '@ipam/core/api/routes/subnets';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client.js';
import { queryKeys } from '../query-keys.js';

/** The account's subnets in name order (core's compareNames, as the server answers them). */
export function useSubnets(accountId: string) {
  return useQuery({
    queryKey: queryKeys.subnets(accountId),
    queryFn: async () => (await call(subnetRoutes.list, { params: { accountId } })).items,
  });
}
