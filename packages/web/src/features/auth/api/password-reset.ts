import { authRoutes } from '@ipam/core/api/routes/auth';
import type {
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
} from '@ipam/core/schemas/password-schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.js';

/** Asks for a reset link; the answer's text is the same for every address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetRequestInput) =>
      call(authRoutes.requestPasswordReset, { body: input, allowUnauthorized: true }),
  });
}

/** Sets a new password with a reset link's token. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirmInput) =>
      call(authRoutes.confirmPasswordReset, { body: input, allowUnauthorized: true }),
  });
}
