import { z } from 'zod';
import { messages } from '../messages.js';
import { emailSchema, maxPasswordLength, newPasswordSchema } from './auth-schemas.js';

/** Longest display name a user may choose. */
export const maxDisplayNameLength = 100;

/**
 * `POST /api/auth/password`: the current password and a new one (the sign-up strength rule). The
 * user's API tokens are revoked with it unless `keepApiTokens` is true (issue 36).
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .max(maxPasswordLength, messages.currentPasswordWrong),
    newPassword: newPasswordSchema,
    keepApiTokens: z.boolean().optional(),
  })
  .strict();
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** `POST /api/auth/password-reset`: the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email: emailSchema }).strict();
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** `POST /api/auth/password-reset/confirm`: the link's token and the new password. */
export const passwordResetConfirmSchema = z
  .object({
    token: z.string().min(1, messages.resetLinkInvalid).max(200, messages.resetLinkInvalid),
    password: newPasswordSchema,
  })
  .strict();
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** `PUT /api/auth/profile`: the display name (empty clears it). */
export const profileSchema = z
  .object({
    displayName: z
      .string()
      .trim()
      .max(maxDisplayNameLength, messages.tooLong('Display name', maxDisplayNameLength)),
  })
  .strict();
export type ProfileInput = z.infer<typeof profileSchema>;
