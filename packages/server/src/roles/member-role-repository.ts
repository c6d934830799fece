import { isRole, type Role } from '@ipam/core/roles';
import type { Db } from '../db/database.js';

/** A stored role text as a role; an unknown text (never written by this code) reads as the least. */
export function roleOf(text: string): Role {
  return isRole(text) ? text : 'viewer';
}

/** The member's role in the account, or undefined when they are not a member. */
export async function findMemberRole(db: Db, accountId: string, userId: string): Promise<Role | undefined> {
  const row = await db
    .selectFrom('users_accounts')
    .select('role')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && roleOf(row.role);
}

/** The groups a member is limited to in the account (empty: every group). */
export async function listGroupLimits(db: Db, accountId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('member_group_limits')
    .select('group_id')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .orderBy('group_id')
    .execute();
  return rows.map((row) => row.group_id);
}

/** Every member's group limits in the account, by user id (members without limits are absent). */
export async function groupLimitsOfAccount(db: Db, accountId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('member_group_limits')
    .select(['user_id', 'group_id'])
    .where('account_id', '=', accountId)
    .orderBy('group_id')
    .execute();
  const byUser = new Map<string, string[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.group_id]);
  return byUser;
}

/** A user's role and group limits in each of their accounts, by account id. */
export async function rolesOfUser(
  db: Db,
  userId: string,
): Promise<Map<string, { role: Role; groupIds: string[] }>> {
  const links = await db
    .selectFrom('users_accounts')
    .select(['account_id', 'role'])
    .where('user_id', '=', userId)
    .execute();
  const limits = await db
    .selectFrom('member_group_limits')
    .select(['account_id', 'group_id'])
    .where('user_id', '=', userId)
    .orderBy('group_id')
    .execute();
  const byAccount = new Map(
    links.map((link) => [link.account_id, { role: roleOf(link.role), groupIds: [] as string[] }]),
  );
  for (const limit of limits) byAccount.get(limit.account_id)?.groupIds.push(limit.group_id);
  return byAccount;
}

/** Sets a member's role; returns whether the member exists. */
export async function updateMemberRole(
  db: Db,
  accountId: string,
  userId: string,
  role: Role,
): Promise<boolean> {
  const result = await db
    .updateTable('users_accounts')
    .set({ role })
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces a member's group limits with these groups (none: every group). */
export async function replaceGroupLimits(
  db: Db,
  accountId: string,
  userId: string,
  groupIds: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('member_group_limits')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto('member_group_limits')
    .values(groupIds.map((groupId) => ({ account_id: accountId, user_id: userId, group_id: groupId })))
    .execute();
}

/** How many members of the account hold the owner role. */
export async function countOwners(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .selectFrom('users_accounts')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .execute();
  return rows.length;
}
