import { passkeyRoutes } from '@ipam/core/api/routes/passkeys';
import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { replaceSession } from '../../../lib/auth.js';

/** What a passkey sign-in continues: a pending sign-in after the password, or none (the passkey alone). */
export interface PasskeyLoginInput {
  pendingToken?: string | undefined;
  inviteToken?: string | undefined;
}

/**
 * Signs in with a passkey: the server's challenge (for the pending user's passkeys, or any of this
 * site's on the device), the browser's prompt, then the signed answer; the session replaces any other.
 */
export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ pendingToken, inviteToken }: PasskeyLoginInput) => {
      const optionsJSON = await call(passkeyRoutes.loginOptions, {
        body: pendingToken ? { pendingToken } : {},
        allowUnauthorized: true,
      });
      const credential = await startAuthentication({ optionsJSON });
      return call(passkeyRoutes.login, {
        body: { pendingToken, credential, inviteToken },
        allowUnauthorized: true,
      });
    },
    onSuccess: (me) => replaceSession(queryClient, me),
  });
}
