import { systemRoutes } from '@ipam/core/api/routes/system';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client.js';
import { queryKeys } from './query-keys.js';

/** The public configuration (form addresses, contact address); it changes only with a server restart. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: () => call(systemRoutes.config, { allowUnauthorized: true }),
    staleTime: Infinity,
  });
}
