import { sortedByName } from '@ipam/core/name-order';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import type { GroupsTable } from '../db/schema.js';

/** A group with the spec's field names; `parentId` is '' at the top level. */
export interface GroupRecord {
  id: string;
  parentId: string;
  name: string;
  description: string;
  updatedDate: string;
  updatedBy: string | null;
}

function toGroup(row: Selectable<GroupsTable>): GroupRecord {
  return {
    id: row.id,
    parentId: row.parent_id ?? '',
    name: row.name,
    description: row.description,
    updatedDate: row.updated_date,
    updatedBy: row.updated_by,
  };
}

/**
 * The account's groups ordered by name, case-insensitive. Sorted here, not in SQL: SQLite's lower()
 * folds ASCII only and PostgreSQL orders by its collation, so the engines would disagree.
 */
export async function listGroups(db: Db, accountId: string): Promise<GroupRecord[]> {
  const rows = await db.selectFrom('groups').selectAll().where('account_id', '=', accountId).execute();
  return sortedByName(rows.map(toGroup));
}

/** How many groups the account holds. */
export async function countGroups(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** A group of the account, or undefined (another account's group is not found). */
export async function findGroup(
  db: Db,
  accountId: string,
  groupId: string,
): Promise<GroupRecord | undefined> {
  const row = await db
    .selectFrom('groups')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row ? toGroup(row) : undefined;
}

/** Inserts a group. */
export async function insertGroup(
  db: Db,
  accountId: string,
  group: GroupRecord & { createdAt: string },
): Promise<void> {
  await db
    .insertInto('groups')
    .values({
      id: group.id,
      account_id: accountId,
      parent_id: group.parentId === '' ? null : group.parentId,
      name: group.name,
      description: group.description,
      created_at: group.createdAt,
      updated_date: group.updatedDate,
      updated_by: group.updatedBy,
    })
    .execute();
}

/** Writes a group's editable fields. */
export async function updateGroup(db: Db, accountId: string, group: GroupRecord): Promise<void> {
  await db
    .updateTable('groups')
    .set({
      parent_id: group.parentId === '' ? null : group.parentId,
      name: group.name,
      description: group.description,
      updated_date: group.updatedDate,
      updated_by: group.updatedBy,
    })
    .where('account_id', '=', accountId)
    .where('id', '=', group.id)
    .execute();
}

/** Deletes a group. */
export async function deleteGroup(db: Db, accountId: string, groupId: string): Promise<void> {
  await db.deleteFrom('groups').where('account_id', '=', accountId).where('id', '=', groupId).execute();
}

/** How many child groups and subnets a group holds. */
export async function countGroupContents(
  db: Db,
  accountId: string,
  groupId: string,
): Promise<{ groups: number; subnets: number }> {
  const [groups, subnets] = await Promise.all([
    db
      .selectFrom('groups')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .where('parent_id', '=', groupId)
      .executeTakeFirst(),
    db
      .selectFrom('subnets')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .where('group_id', '=', groupId)
      .executeTakeFirst(),
  ]);
  return { groups: toCount(groups?.n), subnets: toCount(subnets?.n) };
}

/** The parent id of every group of the account (to walk ancestry without a query per level). */
export async function parentLinks(db: Db, accountId: string): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('groups')
    .select(['id', 'parent_id'])
    .where('account_id', '=', accountId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.parent_id]));
}
