import { productsResponse } from '@ipam/core/api/billing';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The paid products with their prices, from the server (BL-6); the app never hard-codes a price. */
export function useProducts() {
  return useQuery({
    queryKey: queryKeys.products,
    queryFn: async () => (await api.get('/api/billing/products', productsResponse)).items,
    staleTime: 60_000,
  });
}
