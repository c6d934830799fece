import type { TokenScope } from '@ipam/core/schemas/token-schemas';
import type { Db } from '../db/database.js';

/** A stored API token (never its secret: only the hash is kept). */
export interface TokenRecord {
  id: string;
  accountId: string;
  userId: string;
  name: string;
  prefix: string;
  scope: TokenScope;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A token as listed: with the e-mail of the member who made it. */
export type ListedToken = TokenRecord & { createdBy: string | null };

const tokenColumns = [
  'api_tokens.id',
  'api_tokens.account_id as accountId',
  'api_tokens.user_id as userId',
  'api_tokens.name',
  'api_tokens.prefix',
  'api_tokens.scope',
  'api_tokens.created_at as createdAt',
  'api_tokens.expires_at as expiresAt',
  'api_tokens.last_used_at as lastUsedAt',
  'api_tokens.revoked_at as revokedAt',
] as const;

/** Inserts a token with the hash of its secret. */
export async function insertToken(db: Db, token: TokenRecord & { tokenHash: string }): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values({
      id: token.id,
      account_id: token.accountId,
      user_id: token.userId,
      name: token.name,
      prefix: token.prefix,
      token_hash: token.tokenHash,
      scope: token.scope,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
}

/** The account's tokens that are not revoked, newest first, with their makers' e-mails. */
export async function listActiveTokens(db: Db, accountId: string): Promise<ListedToken[]> {
  return db
    .selectFrom('api_tokens')
    .leftJoin('users', 'users.id', 'api_tokens.user_id')
    .select([...tokenColumns, 'users.email as createdBy'])
    .where('api_tokens.account_id', '=', accountId)
    .where('api_tokens.revoked_at', 'is', null)
    .orderBy('api_tokens.created_at', 'desc')
    .orderBy('api_tokens.id')
    .execute();
}

/** How many tokens of the account are not revoked. */
export async function countActiveTokens(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The token whose secret hashes to `tokenHash`, revoked or not. */
export async function findTokenByHash(db: Db, tokenHash: string): Promise<TokenRecord | undefined> {
  return db
    .selectFrom('api_tokens')
    .select(tokenColumns)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Revokes one active token of the account; the token as it was, or undefined when there is none. */
export async function revokeToken(
  db: Db,
  accountId: string,
  tokenId: string,
  at: string,
): Promise<TokenRecord | undefined> {
  const token = await db
    .selectFrom('api_tokens')
    .select(tokenColumns)
    .where('id', '=', tokenId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!token) return undefined;
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? token : undefined;
}

/** Revokes every active token a user made in an account (the member was removed); their names. */
export async function revokeTokensOfMember(
  db: Db,
  accountId: string,
  userId: string,
  at: string,
): Promise<string[]> {
  const rows = await db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('name')
    .execute();
  return rows.map((row) => row.name);
}

/** Revokes every active token a user made, in any account (their password changed); how many. */
export async function revokeTokensOfUser(db: Db, userId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Records a use of the token, unless one was recorded since `notBefore` (a write at most that often). */
export async function touchToken(db: Db, tokenId: string, at: string, notBefore: string): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: at })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notBefore)]))
    .execute();
}
