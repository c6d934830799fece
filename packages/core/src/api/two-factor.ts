import { z } from 'zod';
import { meResponse } from './account.js';

/** GET /api/auth/two-factor: whether the user signs in with a second factor. */
export const twoFactorStatusResponse = z.object({
  isEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int().describe('unused recovery codes (0 when off)'),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponse>;

/** POST /api/auth/two-factor/setup: the new secret, waiting for a code to confirm it. */
export const twoFactorSetupResponse = z.object({
  secret: z.string().describe('base32, for typing into an app that cannot scan'),
  otpauthUri: z.string(),
  qrDataUrl: z.string().describe('the otpauth URI as a PNG QR code (data: URL), made on the server'),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

/** POST /api/auth/two-factor/confirm: the ten recovery codes, shown this once. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;

/** POST /api/auth/login when the user has a second factor: no session yet, a code is needed. */
export const secondFactorChallengeResponse = z.object({
  secondFactorRequired: z.literal(true),
  pendingToken: z.string().describe('single use, for POST /api/auth/login/second-factor'),
  expiresAt: z.string(),
  methods: z
    .array(z.enum(['totp', 'passkey']))
    .describe('the factors the user has: a code of their app (or a recovery code), a passkey'),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeResponse>;

/** POST /api/auth/login: signed in (`Me`), or a second factor is needed first. */
export const loginResponse = z.union([meResponse, secondFactorChallengeResponse]);
export type LoginResult = z.infer<typeof loginResponse>;
