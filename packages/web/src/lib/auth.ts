import type { Account, Me } from '@ipam/core/api/account';
import { authRoutes } from '@ipam/core/api/routes/auth';
import { directoryLoginRoutes } from '@ipam/core/api/routes/directory-login';
import { twoFactorRoutes } from '@ipam/core/api/routes/two-factor';
import type { SecondFactorLoginInput } from '@ipam/core/schemas/two-factor-schemas';
import type { DirectoryLoginInput, LoginInput, SignupInput } from '@ipam/core/schemas/auth-schemas';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from './api-client.js';
import { queryKeys } from './query-keys.js';

/** The session check: the signed-in user, or null for a visitor (401). */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await call(authRoutes.me, { allowUnauthorized: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The session: `data` is undefined while the check runs, null when nobody is signed in. */
export function useMe() {
  return useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 60_000 });
}

/** The signed-in user; only for components rendered behind the guard. */
export function useSignedInUser(): Me {
  const { data } = useMe();
  if (!data) throw new Error('useSignedInUser needs a signed-in user (render it behind the guard).');
  return data;
}

/** The account the user works in: the current one, else the first linked account. */
export function useCurrentAccount(): Account | undefined {
  const me = useSignedInUser();
  return me.accounts.find((a) => a.id === me.currentAccountId) ?? me.accounts[0];
}

/**
 * Makes `me` the session and drops every other cached answer (they belonged to the previous
 * user). `clear()` would orphan the mounted session observers, so the pages would never learn
 * of the new session; the session query is updated in place instead.
 */
export function replaceSession(queryClient: QueryClient, me: Me | null): void {
  void queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
  queryClient.setQueryData(queryKeys.me, me);
}

/**
 * Signs in; other users' cached data is dropped first. For a user with a second factor the answer is
 * a pending sign-in instead (no session yet): `useSecondFactorLogin` finishes it.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => call(authRoutes.login, { body: input, allowUnauthorized: true }),
    onSuccess: (result) => {
      if ('user' in result) replaceSession(queryClient, result);
    },
  });
}

/** Signs in with a directory (LDAP / Active Directory) user name and password; answers like `useLogin`. */
export function useDirectoryLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DirectoryLoginInput) =>
      call(directoryLoginRoutes.login, { body: input, allowUnauthorized: true }),
    onSuccess: (result) => {
      if ('user' in result) replaceSession(queryClient, result);
    },
  });
}

/** Finishes a pending sign-in with a 6-digit code or a recovery code. */
export function useSecondFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondFactorLoginInput) =>
      call(twoFactorRoutes.login, { body: input, allowUnauthorized: true }),
    onSuccess: (me) => replaceSession(queryClient, me),
  });
}

/** Creates the user and their free account, and signs them in. */
export function useSignup() {
  return useMutation({
    mutationFn: (input: SignupInput) => call(authRoutes.signup, { body: input, allowUnauthorized: true }),
  });
}

/** Ends the session on the server and forgets everything cached. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authRoutes.logout, { allowUnauthorized: true }).catch(() => {}),
    onSettled: () => replaceSession(queryClient, null),
  });
}

/** Makes another account current and reloads everything for it. */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => call(authRoutes.setCurrentAccount, { body: { accountId } }),
    onSuccess: async (me) => {
      queryClient.setQueryData(queryKeys.me, me);
      await queryClient.invalidateQueries();
    },
  });
}
