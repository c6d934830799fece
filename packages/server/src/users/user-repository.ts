import type { Db } from '../db/database.js';

/** A user as the domain sees it (the password hash only where login needs it). */
export interface UserRecord {
  id: string;
  email: string;
  displayName: string | null;
  lastLogin: string | null;
}

const userColumns = ['id', 'email', 'display_name as displayName', 'last_login as lastLogin'] as const;

/** Inserts a user (signed in now); the e-mail must already be normalised. */
export async function insertUser(
  db: Db,
  user: { id: string; email: string; passwordHash: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      password_hash: user.passwordHash,
      display_name: null,
      // Sign-up signs the user in, so it counts as the first login.
      last_login: user.createdAt,
      created_at: user.createdAt,
    })
    .execute();
}

/** The user with this (normalised) e-mail and their password hash, if any. */
export async function findUserWithHashByEmail(
  db: Db,
  email: string,
): Promise<(UserRecord & { passwordHash: string }) | undefined> {
  return db
    .selectFrom('users')
    .select([...userColumns, 'password_hash as passwordHash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Whether a user already has this (normalised) e-mail. */
export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/** The user with this id, if any. */
export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

/** Records a successful login. */
export async function setLastLogin(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_login: at }).where('id', '=', id).execute();
}

/** The user with this id and their password hash, if any. */
export async function findUserWithHashById(
  db: Db,
  id: string,
): Promise<(UserRecord & { passwordHash: string }) | undefined> {
  return db
    .selectFrom('users')
    .select([...userColumns, 'password_hash as passwordHash'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Replaces the user's password hash. */
export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** Sets (or clears, with null) the user's display name. */
export async function setDisplayName(db: Db, id: string, displayName: string | null): Promise<void> {
  await db.updateTable('users').set({ display_name: displayName }).where('id', '=', id).execute();
}

/** Remembers the account the user chose as current. */
export async function setCurrentAccountId(db: Db, id: string, accountId: string): Promise<void> {
  await db.updateTable('users').set({ current_account_id: accountId }).where('id', '=', id).execute();
}

/** The account the user last chose as current, if any. */
export async function findCurrentAccountId(db: Db, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('current_account_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.current_account_id ?? null;
}
