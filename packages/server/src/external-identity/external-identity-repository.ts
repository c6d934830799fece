import type { Db } from '../db/database.js';

/** A provider's subject linked to a local user. */
export interface IdentityLink {
  providerKey: string;
  subject: string;
  userId: string;
  createdAt: string;
  lastSignInAt: string | null;
}

const linkColumns = [
  'provider_key as providerKey',
  'subject',
  'user_id as userId',
  'created_at as createdAt',
  'last_sign_in_at as lastSignInAt',
] as const;

/** The link of the provider's subject, if any. */
export async function findIdentity(
  db: Db,
  providerKey: string,
  subject: string,
): Promise<IdentityLink | undefined> {
  return db
    .selectFrom('external_identities')
    .select(linkColumns)
    .where('provider_key', '=', providerKey)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** The user's links, every provider. */
export async function listIdentitiesOfUser(db: Db, userId: string): Promise<IdentityLink[]> {
  return db
    .selectFrom('external_identities')
    .select(linkColumns)
    .where('user_id', '=', userId)
    .orderBy('provider_key')
    .execute();
}

/** Links the subject to the user (a second subject of one provider for one user is a unique violation). */
export async function insertIdentity(
  db: Db,
  link: { providerKey: string; subject: string; userId: string; at: string },
): Promise<void> {
  await db
    .insertInto('external_identities')
    .values({
      provider_key: link.providerKey,
      subject: link.subject,
      user_id: link.userId,
      created_at: link.at,
      last_sign_in_at: link.at,
    })
    .execute();
}

/** Removes the user's link to the provider; returns whether there was one. */
export async function deleteIdentityOfUser(db: Db, providerKey: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('external_identities')
    .where('provider_key', '=', providerKey)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Records a sign-in through the link. */
export async function touchIdentity(db: Db, providerKey: string, subject: string, at: string): Promise<void> {
  await db
    .updateTable('external_identities')
    .set({ last_sign_in_at: at })
    .where('provider_key', '=', providerKey)
    .where('subject', '=', subject)
    .execute();
}

/** The account's members with no link to the provider (they still sign in with a password). */
export async function listMembersWithoutIdentity(
  db: Db,
  accountId: string,
  providerKey: string,
): Promise<{ id: string; email: string; role: string }[]> {
  return db
    .selectFrom('users_accounts')
    .innerJoin('users', 'users.id', 'users_accounts.user_id')
    .leftJoin('external_identities', (join) =>
      join
        .onRef('external_identities.user_id', '=', 'users.id')
        .on('external_identities.provider_key', '=', providerKey),
    )
    .select(['users.id', 'users.email', 'users_accounts.role'])
    .where('users_accounts.account_id', '=', accountId)
    .where('external_identities.subject', 'is', null)
    .orderBy('users.email')
    .execute();
}

/**
 * Removes the user's links to providers that accounts' owners set up (keys `…:account:…`), keeping
 * the operator's: after a password reset proved the e-mail is theirs, nobody else's provider signs
 * in as them. Returns how many links went.
 */
export async function deleteAccountProviderLinks(db: Db, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('external_identities')
    .where('user_id', '=', userId)
    .where('provider_key', 'like', '%:account:%')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
