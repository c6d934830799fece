import { appConfigResponse } from '@ipam/core/api/common';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.js';
import { queryKeys } from './query-keys.js';

/** The public configuration (form addresses, contact address); it changes only with a server restart. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: () => api.get('/api/config', appConfigResponse, { allowUnauthorized: true }),
    staleTime: Infinity,
  });
}
