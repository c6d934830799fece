import { z } from 'zod';
import { messages } from '../messages.js';
import { MAX_NAME_LENGTH, requiredText } from './common-fields.js';

/** What a token may do: `read` answers GET only, `write` everything its account's routes allow. */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Most tokens (not revoked) one account may hold. */
export const MAX_TOKENS_PER_ACCOUNT = 100;

/** The expiries offered, in days; null is a token that does not expire. */
export const TOKEN_EXPIRIES = [30, 90, 365] as const;

/** `POST /api/accounts/:a/tokens`: the secret is made by the server and answered once. */
export const tokenCreateSchema = z.strictObject({
  name: requiredText(messages.tokenNameRequired, 'Token name', MAX_NAME_LENGTH),
  scope: z.enum(TOKEN_SCOPES, { error: messages.tokenScopeInvalid }),
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
    error: messages.tokenExpiryInvalid,
  }),
});
export type TokenCreateInput = z.infer<typeof tokenCreateSchema>;

/** The text every token starts with, so a secret found in a log or a repository is recognisable. */
export const TOKEN_TEXT_PREFIX = 'ipam_';

/** Whether an Authorization value carries one of our API tokens (and not a scanner's key). */
export function isApiTokenText(text: string): boolean {
  return text.startsWith(TOKEN_TEXT_PREFIX) && text.length <= 100 && /^[A-Za-z0-9_-]+$/.test(text);
}
