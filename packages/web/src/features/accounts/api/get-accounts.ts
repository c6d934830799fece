import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.js';
import { accountSchema } from '../../../lib/auth-types.js';
import { queryKeys } from '../../../lib/query-keys.js';

const accountListSchema = z.object({ items: z.array(accountSchema) });

/** Every account the user is linked to. */
export function useAccounts() {
  return useQuery({
    queryKey: queryKeys.accounts,
    queryFn: async () => (await api.get('/api/accounts', accountListSchema)).items,
  });
}
