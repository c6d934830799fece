import { billingRoutes } from '@ipam/core/api/routes/billing';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The paid products with their prices, from the server (BL-6); the app never hard-codes a price. */
export function useProducts() {
  return useQuery({
    queryKey: queryKeys.products,
    queryFn: async () => (await call(billingRoutes.products)).items,
    staleTime: 60_000,
  });
}
