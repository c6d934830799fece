import { randomUUID } from 'node:crypto';
import type { ApiToken, ApiTokenWithSecret } from '@ipam/core/api/token';
import { messages } from '@ipam/core/messages';
import { MAX_TOKENS_PER_ACCOUNT, type TokenCreateInput } from '@ipam/core/schemas/token-schemas';
import { runChange, type ChangeContext } from '../commands/change.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { findUserById } from '../users/user-repository.js';
import {
  countActiveTokens,
  insertToken,
  listActiveTokens,
  revokeToken,
  type TokenRecord,
} from './token-repository.js';
import { generateTokenSecret, hashTokenSecret } from './token-secrets.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function tokenView(token: TokenRecord, createdBy: string | null): ApiToken {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    scope: token.scope,
    createdAt: token.createdAt,
    createdBy,
    expiresAt: token.expiresAt,
    lastUsedAt: token.lastUsedAt,
  };
}

/** Every active token of the account (any member sees them all, so the team knows what can reach it). */
export async function tokensOf(ctx: ChangeContext): Promise<ApiToken[]> {
  const tokens = await listActiveTokens(ctx.db, ctx.account.id);
  return tokens.map((token) => tokenView(token, token.createdBy));
}

/** Makes a token for the context's account and user; the answer is the only time the secret is shown. */
export async function createToken(
  ctx: ChangeContext & { userId: string },
  input: TokenCreateInput,
): Promise<ApiTokenWithSecret> {
  const { secret, prefix } = generateTokenSecret();
  const now = new Date();
  const token: TokenRecord = {
    id: randomUUID(),
    accountId: ctx.account.id,
    userId: ctx.userId,
    name: input.name,
    prefix,
    scope: input.scope,
    createdAt: now.toISOString(),
    expiresAt:
      input.expiresInDays === null
        ? null
        : new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  };
  return runChange(ctx, async ({ trx, audit, announce }) => {
    // Checked inside the write (SQLite: one writer at a time; PostgreSQL: a race may pass the cap by one
    // or two, which only bounds storage).
    if ((await countActiveTokens(trx, ctx.account.id)) >= MAX_TOKENS_PER_ACCOUNT) {
      throw new DomainError('token_limit_reached', messages.tokenLimitReached(MAX_TOKENS_PER_ACCOUNT));
    }
    await insertToken(trx, { ...token, tokenHash: hashTokenSecret(secret) });
    const user = await findUserById(trx, ctx.userId);
    const view = tokenView(token, user?.email ?? null);
    audit({ action: 'create', entity: 'token', entityId: token.id, after: view });
    announce({ kind: 'token', id: token.id });
    return { ...view, token: secret };
  });
}

/** Revokes a token of the account at once (any member may); another account's or a revoked one is a 404. */
export async function revokeAccountToken(ctx: ChangeContext, tokenId: string): Promise<void> {
  await runChange(ctx, async ({ trx, audit, announce }) => {
    const token = await revokeToken(trx, ctx.account.id, tokenId, nowIso());
    if (!token) throw new DomainError('not_found', messages.notFound);
    audit({ action: 'delete', entity: 'token', entityId: token.id, before: tokenView(token, null) });
    announce({ kind: 'token', id: token.id });
  });
}
