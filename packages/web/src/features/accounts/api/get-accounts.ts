import { accountResponse } from '@ipam/core/api/account';
import { listOf } from '@ipam/core/api/common';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Every account the user is linked to. */
export function useAccounts() {
  return useQuery({
    queryKey: queryKeys.accounts,
    queryFn: async () => (await api.get('/api/accounts', listOf(accountResponse))).items,
  });
}
