import { messages } from '@ipam/core/messages';
import { passwordResetConfirmSchema } from '@ipam/core/schemas/password-schemas';
import { z } from 'zod';

/** The reset form: the server's rules for the new password (core's schema), typed twice. */
export const resetPasswordFormSchema = passwordResetConfirmSchema
  .safeExtend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
