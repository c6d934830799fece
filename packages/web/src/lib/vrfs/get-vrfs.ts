import { vrfRoutes } from '@ipam/core/api/routes/vrfs';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client.js';
import { queryKeys } from '../query-keys.js';

/** The account's VRFs in name order (Global among them), each with its subnet count; live. */
export function useVrfs(accountId: string) {
  return useQuery({
    queryKey: queryKeys.vrfs(accountId),
    queryFn: async () => (await call(vrfRoutes.list, { params: { accountId } })).items,
  });
}
