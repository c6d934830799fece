import { ssoRoutes } from '@ipam/core/api/routes/sso';
import type { PasswordSignInInput, SsoProviderInput } from '@ipam/core/schemas/sso-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoSettings } from '@ipam/core/api/sso';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The account's single sign-on (owners): its provider without the secret, password sign-in, who has not linked. */
export function useSsoSettings(accountId: string) {
  return useQuery({
    queryKey: queryKeys.ssoSettings(accountId),
    queryFn: () => call(ssoRoutes.settings, { params: { accountId } }),
  });
}

/** Each change answers the settings as they are now: they replace the cached ones. */
function useSettingsChange<Input>(accountId: string, send: (input: Input) => Promise<SsoSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.ssoSettings(accountId), settings),
  });
}

/** Sets up or changes the account's provider (the secret left out keeps the stored one). */
export function useSaveSsoProvider(accountId: string) {
  return useSettingsChange(accountId, (body: SsoProviderInput) =>
    call(ssoRoutes.saveProvider, { params: { accountId }, body }),
  );
}

/** Removes the account's provider. */
export function useRemoveSsoProvider(accountId: string) {
  return useSettingsChange(accountId, () => call(ssoRoutes.removeProvider, { params: { accountId } }));
}

/** Allows or refuses password sign-in for members who are not owners. */
export function useSetPasswordSignIn(accountId: string) {
  return useSettingsChange(accountId, (body: PasswordSignInInput) =>
    call(ssoRoutes.passwordSignIn, { params: { accountId }, body }),
  );
}
