import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';

/** A stored passkey as sign-in checks it. */
export interface StoredPasskey {
  id: string;
  userId: string;
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
}

/** A passkey as its owner's list shows it. */
export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const listColumns = ['id', 'name', 'created_at as createdAt', 'last_used_at as lastUsedAt'] as const;

function transportsOf(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
}

/** Stores a new passkey of a user (a credential id already stored anywhere is a unique violation). */
export async function insertPasskey(
  db: Db,
  row: Omit<StoredPasskey, 'counter'> & { counter: number; createdAt: string },
): Promise<void> {
  await db
    .insertInto('passkeys')
    .values({
      id: row.id,
      user_id: row.userId,
      credential_id: row.credentialId,
      public_key: row.publicKey,
      counter: row.counter,
      transports: JSON.stringify(row.transports),
      name: row.name,
      created_at: row.createdAt,
      last_used_at: null,
    })
    .execute();
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .select(listColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** One passkey of the user; undefined when it is not theirs (or does not exist). */
export async function findPasskeyOfUser(
  db: Db,
  userId: string,
  passkeyId: string,
): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkeys')
    .select(listColumns)
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The passkey with this credential id, whoever's it is; undefined when none. */
export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<StoredPasskey | undefined> {
  const row = await db
    .selectFrom('passkeys')
    .select([
      'id',
      'user_id as userId',
      'credential_id as credentialId',
      'public_key as publicKey',
      'counter',
      'transports',
      'name',
    ])
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && { ...row, counter: toCount(row.counter), transports: transportsOf(row.transports) };
}

/** The credential ids (and transports) of the user's passkeys: a browser offers only these. */
export async function listCredentialsOfUser(
  db: Db,
  userId: string,
): Promise<{ credentialId: string; transports: string[] }[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['credential_id as credentialId', 'transports'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ credentialId: r.credentialId, transports: transportsOf(r.transports) }));
}

/**
 * Records a sign-in with the passkey: its new signature counter and the time, only when the counter
 * went up (or the authenticator keeps none: 0 after 0). One conditional update, so of two assertions
 * with one counter only one passes, and a cloned authenticator's lower counter never does.
 */
export async function claimPasskeyCounter(
  db: Db,
  passkeyId: string,
  counter: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: now })
    .where('id', '=', passkeyId)
    .where((eb) => (counter === 0 ? eb('counter', '=', 0) : eb('counter', '<', counter)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renames the user's passkey; false when it is not theirs. */
export async function renamePasskey(
  db: Db,
  userId: string,
  passkeyId: string,
  name: string,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the user's passkey; false when it is not theirs (or gone already). */
export async function deletePasskey(db: Db, userId: string, passkeyId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Removes every passkey of the user; answers how many there were. */
export async function deletePasskeysOfUser(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
