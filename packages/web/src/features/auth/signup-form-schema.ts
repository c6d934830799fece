import { messages } from '@ipam/core/messages';
import { signupSchema } from '@ipam/core/schemas/auth-schemas';
import { z } from 'zod';

/** The Sign Up form: the server's sign-up rules (core's signupSchema) and the password typed twice. */
export const signupFormSchema = signupSchema
  .safeExtend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
