import { authRoutes } from '@ipam/core/api/routes/auth';
import type { ChangePasswordInput, ProfileInput } from '@ipam/core/schemas/password-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The signed-in user's live sessions. */
export function useSessions() {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: async () => (await call(authRoutes.sessions)).items,
  });
}

/** Changes the password; the server ends the user's other sessions. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => call(authRoutes.changePassword, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** Ends every session of the user but this one. */
export function useLogOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authRoutes.endOtherSessions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** Ends one other session of the user (signs that device out). */
export function useLogOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call(authRoutes.endSession, { params: { sessionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** Saves the display name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => call(authRoutes.updateProfile, { body: input }),
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}
