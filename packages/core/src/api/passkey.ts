import { z } from 'zod';

// WebAuthn's options in their JSON form (the W3C's PublicKeyCredential*OptionsJSON), as the server
// makes them and @simplewebauthn/browser hands them to navigator.credentials.

const userVerification = z.enum(['discouraged', 'preferred', 'required']);
const descriptor = z.object({
  id: z.string(),
  type: z.string().describe('public-key'),
  transports: z.array(z.string()).optional().describe('usb, nfc, ble, internal, hybrid…'),
});
const hints = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional();
const extensions = z.object({ credProps: z.boolean().optional() }).optional();

/** `POST /api/auth/passkeys/registration-options`: what the browser needs to make a new passkey. */
export const registrationOptionsResponse = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string().describe('base64url; works once, for 5 minutes'),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(descriptor).optional().describe("the user's passkeys: not made twice"),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  hints,
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions,
});
export type RegistrationOptions = z.infer<typeof registrationOptionsResponse>;

/** `POST /api/auth/passkeys/login-options`: what the browser needs to sign a challenge with a passkey. */
export const authenticationOptionsResponse = z.object({
  challenge: z.string().describe('base64url; works once, for 5 minutes'),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z
    .array(descriptor)
    .optional()
    .describe("the user's passkeys (second factor); empty: any passkey of this site on the device"),
  userVerification: userVerification.optional(),
  hints,
});
export type AuthenticationOptions = z.infer<typeof authenticationOptionsResponse>;

/** One of the user's passkeys, as Settings ▸ Security lists it. */
export const passkeyResponse = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeyResponse>;
