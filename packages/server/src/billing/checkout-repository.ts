import type { CheckoutStatus } from '@ipam/core/api/billing';
import type { Db } from '../db/database.js';
import { isPostgres } from '../db/database.js';

/** A stored checkout session (BL-11). */
export interface CheckoutRecord {
  id: string;
  accountId: string;
  userId: string | null;
  priceId: string;
  status: CheckoutStatus;
  provider: 'stripe' | 'test';
  providerSessionId: string | null;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
}

const columns = [
  'id',
  'account_id as accountId',
  'user_id as userId',
  'price_id as priceId',
  'status',
  'provider',
  'provider_session_id as providerSessionId',
  'created_at as createdAt',
  'expires_at as expiresAt',
  'completed_at as completedAt',
] as const;

const statuses: readonly string[] = ['open', 'complete', 'canceled', 'expired'];

function toRecord(
  row: Omit<CheckoutRecord, 'status' | 'provider'> & { status: string; provider: string },
): CheckoutRecord {
  return {
    ...row,
    status: statuses.includes(row.status) ? (row.status as CheckoutStatus) : 'canceled',
    provider: row.provider === 'stripe' ? 'stripe' : 'test',
  };
}

/** Stores a new, open checkout session. */
export async function insertCheckout(
  db: Db,
  session: Omit<CheckoutRecord, 'status' | 'providerSessionId' | 'completedAt'>,
): Promise<void> {
  await db
    .insertInto('checkout_sessions')
    .values({
      id: session.id,
      account_id: session.accountId,
      user_id: session.userId,
      price_id: session.priceId,
      status: 'open',
      provider: session.provider,
      provider_session_id: null,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      completed_at: null,
    })
    .execute();
}

/** Records the provider's id of the session once the provider has made it. */
export async function setProviderSessionId(db: Db, id: string, providerSessionId: string): Promise<void> {
  await db
    .updateTable('checkout_sessions')
    .set({ provider_session_id: providerSessionId })
    .where('id', '=', id)
    .execute();
}

/** A checkout session of the account, by our id; another account's is undefined (a 404). */
export async function findCheckoutOfAccount(
  db: Db,
  accountId: string,
  id: string,
): Promise<CheckoutRecord | undefined> {
  const row = await db
    .selectFrom('checkout_sessions')
    .select(columns)
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** A checkout session by our id or the provider's, locked for the transaction on PostgreSQL. */
export async function findCheckoutForUpdate(
  db: Db,
  key: { id?: string | undefined; providerSessionId?: string | undefined },
): Promise<CheckoutRecord | undefined> {
  if (!key.id && !key.providerSessionId) return undefined;
  const row = await db
    .selectFrom('checkout_sessions')
    .select(columns)
    .where((eb) =>
      eb.or([
        ...(key.id ? [eb('id', '=', key.id)] : []),
        ...(key.providerSessionId ? [eb('provider_session_id', '=', key.providerSessionId)] : []),
      ]),
    )
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Sets a session's status (and when it completed). */
export async function setCheckoutStatus(
  db: Db,
  id: string,
  status: CheckoutStatus,
  completedAt: string | null = null,
): Promise<void> {
  await db
    .updateTable('checkout_sessions')
    .set({ status, completed_at: completedAt })
    .where('id', '=', id)
    .execute();
}

/** Marks the open sessions past their expiry as expired (BL-25). */
export async function expireCheckouts(db: Db, now: string): Promise<void> {
  await db
    .updateTable('checkout_sessions')
    .set({ status: 'expired' })
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .execute();
}
