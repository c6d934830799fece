import { messages } from '@ipam/core/messages';
import { z } from 'zod';

const email = z
  .string()
  .trim()
  .min(1, messages.emailRequired)
  .pipe(z.email({ error: messages.invalidEmail }));

/** The Login tab: e-mail and password required (spec §5). */
export const loginFormSchema = z.object({
  email,
  password: z.string().min(1, messages.passwordRequired),
});

/** The Sign Up form: a valid e-mail, a password of 8 or more characters typed twice (spec §5). */
export const signupFormSchema = z
  .object({
    email,
    password: z.string().min(1, messages.passwordRequired).min(8, messages.passwordTooShort),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
