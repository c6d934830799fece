import type { Role } from '@ipam/core/roles';
import type { Db } from '../db/database.js';
import { roleOf } from '../roles/member-role-repository.js';
import { toCount } from '../db/db-values.js';

/** A pending invite as the API shows it. */
export interface InviteRecord {
  id: string;
  email: string;
  invitedAt: string;
  /** The role the invited user gets (issue 34). */
  role: Role;
}

const inviteColumns = ['id', 'email', 'invited_at as invitedAt', 'role'] as const;

/** A stored invite row with its role as a role. */
function withRole<T extends { role: string }>(row: T): T & { role: Role } {
  return { ...row, role: roleOf(row.role) };
}

/** Stores a pending invite. */
export async function insertInvite(
  db: Db,
  invite: InviteRecord & { accountId: string; invitedBy: string; tokenHash?: string },
): Promise<void> {
  await db
    .insertInto('pending_invites')
    .values({
      id: invite.id,
      account_id: invite.accountId,
      email: invite.email,
      invited_at: invite.invitedAt,
      invited_by: invite.invitedBy,
      token_hash: invite.tokenHash ?? null,
      role: invite.role,
    })
    .execute();
}

/** The account's pending invites, oldest first. */
export async function listInvites(db: Db, accountId: string): Promise<InviteRecord[]> {
  const rows = await db
    .selectFrom('pending_invites')
    .select(inviteColumns)
    .where('account_id', '=', accountId)
    .orderBy('invited_at')
    .orderBy('id')
    .execute();
  return rows.map(withRole);
}

/** The account's invite for this e-mail, if any. */
export async function findInviteByEmail(
  db: Db,
  accountId: string,
  email: string,
): Promise<InviteRecord | undefined> {
  const row = await db
    .selectFrom('pending_invites')
    .select(inviteColumns)
    .where('account_id', '=', accountId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row && withRole(row);
}

/** Deletes one of the account's invites; returns the deleted invite (undefined if none). */
export async function deleteInvite(db: Db, accountId: string, id: string): Promise<InviteRecord | undefined> {
  const row = await db
    .deleteFrom('pending_invites')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returning(inviteColumns)
    .executeTakeFirst();
  return row && withRole(row);
}

/** How many invites the account has pending. */
export async function countInvites(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('pending_invites')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** Deletes every invite addressed to this e-mail and returns their account ids and roles. */
export async function takeInvitesForEmail(
  db: Db,
  email: string,
): Promise<{ id: string; accountId: string; role: Role }[]> {
  const rows = await db
    .deleteFrom('pending_invites')
    .where('email', '=', email)
    .returning(['id', 'account_id as accountId', 'role'])
    .execute();
  return rows.map(withRole);
}

/** The invite whose link token has this hash: its e-mail and the inviting account's reference. */
export async function findInviteByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ email: string; accountId: string; accountReference: string } | undefined> {
  return db
    .selectFrom('pending_invites')
    .innerJoin('accounts', 'accounts.id', 'pending_invites.account_id')
    .select([
      'pending_invites.email',
      'pending_invites.account_id as accountId',
      'accounts.reference as accountReference',
    ])
    .where('pending_invites.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Deletes the invite whose link token has this hash and returns its id and account, if any. */
export async function takeInviteByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ id: string; accountId: string; role: Role } | undefined> {
  const row = await db
    .deleteFrom('pending_invites')
    .where('token_hash', '=', tokenHash)
    .returning(['id', 'account_id as accountId', 'role'])
    .executeTakeFirst();
  return row && withRole(row);
}

/** Gives one of the account's invites a new link token hash; returns the invite (undefined if none). */
export async function setInviteTokenHash(
  db: Db,
  accountId: string,
  id: string,
  tokenHash: string,
): Promise<InviteRecord | undefined> {
  const row = await db
    .updateTable('pending_invites')
    .set({ token_hash: tokenHash })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returning(inviteColumns)
    .executeTakeFirst();
  return row && withRole(row);
}
