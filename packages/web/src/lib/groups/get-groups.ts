import { groupRoutes } from '@ipam/core/api/routes/groups';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client.js';
import { queryKeys } from '../query-keys.js';

/** The account's groups in name order (core's compareNames, as the server answers them); live. */
export function useGroups(accountId: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.groups(accountId),
    queryFn: async () => (await call(groupRoutes.list, { params: { accountId } })).items,
    enabled: isEnabled,
  });
}
