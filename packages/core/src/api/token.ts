import { z } from 'zod';
import { TOKEN_SCOPES } from '../schemas/token-schemas.js';

/** An API token as the account's members see it; the secret itself is never read back. */
export const tokenResponse = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('the first characters of the secret, to tell tokens apart'),
  scope: z.enum(TOKEN_SCOPES).describe('read: GET only; write: every account route the member may use'),
  createdAt: z.string(),
  createdBy: z.string().nullable().describe('e-mail of the member who made it'),
  expiresAt: z.string().nullable().describe('null: never expires'),
  lastUsedAt: z.string().nullable().describe('recorded at most once a minute'),
});
export type ApiToken = z.infer<typeof tokenResponse>;

/** A new token with its secret: answered once, by create. */
export const tokenWithSecretResponse = tokenResponse.extend({
  token: z.string().describe('the secret for `Authorization: Bearer …`; shown once, stored only as a hash'),
});
export type ApiTokenWithSecret = z.infer<typeof tokenWithSecretResponse>;
