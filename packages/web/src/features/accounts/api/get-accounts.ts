import { accountRoutes } from '@ipam/core/api/routes/accounts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Every account the user is linked to. */
export function useAccounts() {
  return useQuery({
    queryKey: queryKeys.accounts,
    queryFn: async () => (await call(accountRoutes.list)).items,
  });
}
