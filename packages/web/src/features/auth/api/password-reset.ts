import { resetRequestedResponse } from '@ipam/core/api/account';
import type {
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
} from '@ipam/core/schemas/password-schemas';
import { useMutation } from '@tanstack/react-query';
import { api, noContent } from '../../../lib/api-client.js';

/** Asks for a reset link; the answer's text is the same for every address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequestInput) =>
      api.post('/api/auth/password-reset', input, resetRequestedResponse, { allowUnauthorized: true }),
  });
}

/** Sets a new password with a reset link's token. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirmInput) =>
      api.post('/api/auth/password-reset/confirm', input, noContent, { allowUnauthorized: true }),
  });
}
