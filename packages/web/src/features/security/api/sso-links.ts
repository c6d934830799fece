import { ssoRoutes } from '@ipam/core/api/routes/sso';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The providers of the user's accounts, and whether their sign-in is linked to each. */
export function useSsoLinks() {
  return useQuery({
    queryKey: queryKeys.ssoLinks,
    queryFn: async () => (await call(ssoRoutes.links)).items,
  });
}

/** Starts linking a provider: the browser goes to the provider and comes back here. */
export function useStartSsoLink() {
  return useMutation({
    mutationFn: async (slug: string) => (await call(ssoRoutes.link, { params: { slug } })).url,
    onSuccess: (url) => window.location.assign(url),
  });
}
