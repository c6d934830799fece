import { ssoRoutes } from '@ipam/core/api/routes/sso';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The "Sign in with …" providers: the operator's, and the account's named by `/login?sso=<slug>`. */
export function useLoginProviders(slug: string | undefined) {
  return useQuery({
    queryKey: queryKeys.loginProviders(slug ?? ''),
    queryFn: async () =>
      (await call(ssoRoutes.loginProviders, { query: slug ? { sso: slug } : {}, allowUnauthorized: true }))
        .items,
    staleTime: 5 * 60 * 1000,
  });
}
