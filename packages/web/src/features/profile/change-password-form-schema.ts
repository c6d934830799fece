import { messages } from '@ipam/core/messages';
import { isWeakPassword } from '@ipam/core/schemas/auth-schemas';
import { changePasswordSchema } from '@ipam/core/schemas/password-schemas';
import { z } from 'zod';

/** The change-password form: core's rules, the new password typed twice and not weak for this e-mail. */
export function changePasswordFormSchema(email: string) {
  return changePasswordSchema.safeExtend({ confirmPassword: z.string() }).superRefine((values, ctx) => {
    if (values.newPassword !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsDoNotMatch });
    }
    if (isWeakPassword(values.newPassword, email)) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: messages.weakPassword });
    }
  });
}
