import { passkeyRoutes } from '@ipam/core/api/routes/passkeys';
import type { RemovePasskeyInput } from '@ipam/core/schemas/passkey-schemas';
import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The signed-in user's passkeys. */
export function usePasskeys() {
  return useQuery({ queryKey: queryKeys.passkeys, queryFn: () => call(passkeyRoutes.list) });
}

/** After adding or removing a passkey: the list, the session (me: hasSecondFactor) and the sessions list. */
function useRefreshAfterPasskeyChange() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [queryKeys.passkeys, queryKeys.me, queryKeys.sessions].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

/** Adds a passkey: the server's challenge, the browser's prompt (touch the key, the fingerprint…), then the named passkey. */
export function useAddPasskey() {
  const refresh = useRefreshAfterPasskeyChange();
  return useMutation({
    mutationFn: async (name: string) => {
      const optionsJSON = await call(passkeyRoutes.registrationOptions);
      const credential = await startRegistration({ optionsJSON });
      return call(passkeyRoutes.add, { body: { name, credential } });
    },
    onSuccess: refresh,
  });
}

/** Renames a passkey. */
export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ passkeyId, name }: { passkeyId: string; name: string }) =>
      call(passkeyRoutes.rename, { params: { passkeyId }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}

/** Removes a passkey with the password or a code. */
export function useRemovePasskey() {
  const refresh = useRefreshAfterPasskeyChange();
  return useMutation({
    mutationFn: ({ passkeyId, proof }: { passkeyId: string; proof: RemovePasskeyInput }) =>
      call(passkeyRoutes.remove, { params: { passkeyId }, body: proof }),
    onSuccess: refresh,
  });
}
