import { endedSessionsResponse, meResponse, sessionResponse } from '@ipam/core/api/account';
import { listOf } from '@ipam/core/api/common';
import type { ChangePasswordInput, ProfileInput } from '@ipam/core/schemas/password-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, noContent } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** The signed-in user's live sessions. */
export function useSessions() {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: async () => (await api.get('/api/auth/sessions', listOf(sessionResponse))).items,
  });
}

/** Changes the password; the server ends the user's other sessions. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post('/api/auth/password', input, noContent),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** Ends every session of the user but this one. */
export function useLogOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.deleteWithAnswer('/api/auth/sessions/others', endedSessionsResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** Saves the display name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put('/api/auth/profile', input, meResponse),
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}
