import { z } from 'zod';
import { messages } from '../messages.js';
import { roleSchema } from './role-schemas.js';

/** Minimum password length (core spec §9). */
export const minPasswordLength = 8;
/** Longest accepted password: long enough for passphrases, short enough to bound hashing work. */
export const maxPasswordLength = 256;
/** Longest accepted e-mail address (RFC 5321 path limit). */
export const maxEmailLength = 254;

/** Passwords that pass the length rule but are among the first guesses of any attacker. */
const commonPasswords = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  'letmein1',
  'welcome1',
  'abcdefgh',
  'abcd1234',
  '11111111',
  'sunshine',
  'football',
  'baseball',
  'admin123',
  'changeme',
]);

/**
 * Our "Password is too weak." rule (the spec names the message, not the rule): a password of at least
 * 8 characters is weak when it equals the e-mail address or its local part, uses fewer than 4
 * distinct characters ("aaaaaaaa", "12121212"), or is a well-known common password.
 */
export function isWeakPassword(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const normalisedEmail = email.trim().toLowerCase();
  const localPart = normalisedEmail.split('@')[0] ?? '';
  if (lower === normalisedEmail || (localPart.length > 0 && lower === localPart)) return true;
  if (new Set(password).size < 4) return true;
  return commonPasswords.has(lower);
}

/** An e-mail address: trimmed, lower-cased, in e-mail format ("Invalid email address."). */
export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, messages.emailRequired)
  .max(maxEmailLength, messages.invalidEmail)
  .email({ error: messages.invalidEmail });

/** A new password: at least 8 characters (its weakness also depends on the e-mail, checked beside). */
export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(minPasswordLength, messages.passwordTooShort)
  .max(maxPasswordLength, messages.weakPassword);

/** An invite link's token (`/signup?invite=…`), optional at sign-up and login. */
export const inviteTokenSchema = z.string().trim().min(1).max(200).optional();

/** `GET /api/auth/invitation?invite=`: an invite link's token (the query key the request log redacts). */
export const invitationQuery = z.strictObject({
  invite: z.string().trim().min(1, messages.inviteLinkInvalid).max(200, messages.inviteLinkInvalid),
});

/** `POST /api/auth/signup`: e-mail, password of at least 8 characters and not weak. */
export const signupSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    inviteToken: inviteTokenSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    const { password, email } = value;
    if (typeof password !== 'string' || password.length < minPasswordLength) return;
    if (isWeakPassword(password, typeof email === 'string' ? email : '')) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.weakPassword });
    }
  });
export type SignupInput = z.infer<typeof signupSchema>;

/** `POST /api/auth/login`: any failure after this shape check is "Login failed.". */
export const loginSchema = z
  .object({
    email: z
      .string({ error: messages.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, messages.emailRequired)
      .max(maxEmailLength, messages.loginFailed),
    password: z
      .string({ error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .max(maxPasswordLength, messages.loginFailed),
    inviteToken: inviteTokenSchema,
  })
  .strict();
export type LoginInput = z.infer<typeof loginSchema>;

/** Longest directory user name (sAMAccountName is 20, a UPN or DN-ish uid fits in this). */
export const maxUsernameLength = 256;

/** `POST /api/auth/login/ldap`: a directory user name and password; any failure after this is "Login failed.". */
export const directoryLoginSchema = z
  .object({
    username: z
      .string({ error: messages.usernameRequired })
      .trim()
      .min(1, messages.usernameRequired)
      .max(maxUsernameLength, messages.loginFailed),
    password: z
      .string({ error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .max(maxPasswordLength, messages.loginFailed),
    inviteToken: inviteTokenSchema,
  })
  .strict();
export type DirectoryLoginInput = z.infer<typeof directoryLoginSchema>;

/** `POST /api/accounts/:accountId/invites`. */
export const inviteSchema = z.object({ email: emailSchema, role: roleSchema.default('editor') }).strict();
export type InviteInput = z.infer<typeof inviteSchema>;

/** `PUT /api/auth/current-account`. */
export const currentAccountSchema = z
  .object({ accountId: z.string().trim().min(1, messages.noAccountSelected).max(100) })
  .strict();
export type CurrentAccountInput = z.infer<typeof currentAccountSchema>;

/** Kinds of message the built-in support form sends. */
export const supportMessageKinds = ['support', 'feedback'] as const;
/** Longest subject and message of the built-in support form. */
export const maxSupportSubjectLength = 200;
export const maxSupportMessageLength = 10_000;

/** `POST /api/support/messages`: the built-in form used when no external form URL is configured. */
export const supportMessageSchema = z
  .object({
    kind: z.enum(supportMessageKinds),
    subject: z
      .string()
      .trim()
      .max(maxSupportSubjectLength, messages.tooLong('Subject', maxSupportSubjectLength))
      .optional(),
    message: z
      .string({ error: messages.messageRequired })
      .trim()
      .min(1, messages.messageRequired)
      .max(maxSupportMessageLength, messages.tooLong('Message', maxSupportMessageLength)),
  })
  .strict();
export type SupportMessageInput = z.infer<typeof supportMessageSchema>;
