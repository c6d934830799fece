import { z } from 'zod';
import { messages } from '../messages.js';
import { inviteTokenSchema } from './auth-schemas.js';

/** A 6-digit TOTP code or a recovery code (`xxxxx-xxxxx`), as typed: spaces are dropped. */
export const secondFactorCodeSchema = z
  .string({ error: messages.codeRequired })
  .transform((text) => text.replace(/\s/g, ''))
  .pipe(z.string().min(1, messages.codeRequired).max(20, messages.codeInvalid));

/** `POST /api/auth/two-factor/confirm`: the code the authenticator app shows for the new secret. */
export const confirmTwoFactorSchema = z
  .object({
    code: z
      .string()
      .transform((t) => t.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, messages.codeRequired)),
  })
  .strict();
export type ConfirmTwoFactorInput = z.infer<typeof confirmTwoFactorSchema>;

/** `POST /api/auth/two-factor/disable`: the password or a current code (or a recovery code). */
export const disableTwoFactorSchema = z
  .object({
    password: z.string().max(1000).optional(),
    code: secondFactorCodeSchema.optional(),
  })
  .strict()
  .refine((v) => Boolean(v.password) || Boolean(v.code), {
    message: messages.disableProofRequired,
    path: ['password'],
  });
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorSchema>;

/** `POST /api/auth/login/second-factor`: the pending sign-in's token and the code. */
export const secondFactorLoginSchema = z
  .object({
    pendingToken: z.string().min(1).max(100),
    code: secondFactorCodeSchema,
    inviteToken: inviteTokenSchema,
  })
  .strict();
export type SecondFactorLoginInput = z.infer<typeof secondFactorLoginSchema>;

/** `PUT /api/accounts/:accountId/security`: the owner's account-wide sign-in rule. */
export const accountSecuritySchema = z.object({ requireSecondFactor: z.boolean() }).strict();
export type AccountSecurityInput = z.infer<typeof accountSecuritySchema>;
