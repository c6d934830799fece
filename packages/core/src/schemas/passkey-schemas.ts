import { z } from 'zod';
import { messages } from '../messages.js';
import { inviteTokenSchema } from './auth-schemas.js';
import { requiredText } from './common-fields.js';
import { secondFactorCodeSchema } from './two-factor-schemas.js';

/** Longest passkey name ("YubiKey 5C", "Ana's MacBook"). */
export const MAX_PASSKEY_NAME_LENGTH = 60;
// A credential's parts as the browser encodes them; the longest (an attestation with certificates)
// stays far below this, and the cap bounds what one request makes the server decode.
const MAX_PART_LENGTH = 16_000;

const base64url = z
  .string()
  .max(MAX_PART_LENGTH)
  .regex(/^[A-Za-z0-9_-]*$/, 'base64url text');
// How the browser reaches the authenticator (usb, nfc, ble, internal, hybrid, and names to come).
const transports = z.array(z.string().max(30)).max(10).optional();
const clientExtensionResults = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});
const credentialShape = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
};

/** A new credential as `navigator.credentials.create()` answers it, base64url-encoded (WebAuthn's JSON form). */
export const registrationCredentialSchema = z.object({
  ...credentialShape,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;

/** A signed challenge as `navigator.credentials.get()` answers it (WebAuthn's JSON form). */
export const assertionCredentialSchema = z.object({
  ...credentialShape,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
export type AssertionCredential = z.infer<typeof assertionCredentialSchema>;

/** A passkey's name, as the user types it. */
export const passkeyNameSchema = requiredText(
  messages.passkeyNameRequired,
  'Passkey name',
  MAX_PASSKEY_NAME_LENGTH,
);

/** `POST /api/auth/passkeys`: the named new passkey, answering the registration challenge. */
export const addPasskeySchema = z
  .object({ name: passkeyNameSchema, credential: registrationCredentialSchema })
  .strict();
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

/** `PATCH /api/auth/passkeys/:passkeyId`: a new name. */
export const renamePasskeySchema = z.object({ name: passkeyNameSchema }).strict();
export type RenamePasskeyInput = z.infer<typeof renamePasskeySchema>;

/** `POST /api/auth/passkeys/:passkeyId/remove`: the password or a current code proves it is the user. */
export const removePasskeySchema = z
  .object({
    password: z.string().max(1000).optional(),
    code: secondFactorCodeSchema.optional(),
  })
  .strict()
  .refine((v) => Boolean(v.password) || Boolean(v.code), {
    message: messages.disableProofRequired,
    path: ['password'],
  });
export type RemovePasskeyInput = z.infer<typeof removePasskeySchema>;

/**
 * `POST /api/auth/passkeys/login-options`: with the pending token of a right password, a challenge for
 * that user's passkeys (second factor); without, one for any passkey on the device (passwordless).
 */
export const passkeyLoginOptionsSchema = z
  .object({ pendingToken: z.string().min(1).max(100).optional() })
  .strict()
  .nullish();
export type PasskeyLoginOptionsInput = z.infer<typeof passkeyLoginOptionsSchema>;

/** `POST /api/auth/passkeys/login`: the signed challenge (and the pending token when it is the second factor). */
export const passkeyLoginSchema = z
  .object({
    pendingToken: z.string().min(1).max(100).optional(),
    credential: assertionCredentialSchema,
    inviteToken: inviteTokenSchema,
  })
  .strict();
export type PasskeyLoginInput = z.infer<typeof passkeyLoginSchema>;
