import { twoFactorRoutes } from '@ipam/core/api/routes/two-factor';
import type {
  AccountSecurityInput,
  ConfirmTwoFactorInput,
  DisableTwoFactorInput,
} from '@ipam/core/schemas/two-factor-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Whether the signed-in user has a second factor, and their unused recovery codes. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: queryKeys.twoFactor, queryFn: () => call(twoFactorRoutes.status) });
}

/** Starts a set-up: a new secret and its QR code from the server. */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: () => call(twoFactorRoutes.setup) });
}

/** After any factor change: the status, the session (me: hasSecondFactor) and the sessions list. */
function useRefreshAfterFactorChange() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [queryKeys.twoFactor, queryKeys.me, queryKeys.sessions].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

/** Confirms the set-up with a current code; answers the ten recovery codes. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshAfterFactorChange();
  return useMutation({
    mutationFn: (input: ConfirmTwoFactorInput) => call(twoFactorRoutes.confirm, { body: input }),
    onSuccess: refresh,
  });
}

/** Turns the second factor off with the password or a code. */
export function useDisableTwoFactor() {
  const refresh = useRefreshAfterFactorChange();
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) => call(twoFactorRoutes.disable, { body: input }),
    onSuccess: refresh,
  });
}

/** The owner's rule: every member of the account needs a second factor. */
export function useSetAccountSecurity(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountSecurityInput) =>
      call(twoFactorRoutes.accountSecurity, { params: { accountId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
