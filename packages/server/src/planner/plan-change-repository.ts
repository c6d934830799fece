import { randomUUID } from 'node:crypto';
import type { PlanChange, PlanChangeAction } from '@ipam/core/api/plan';
import type { Db } from '../db/database.js';

/** A history entry to append (PL-3, PL-75). */
export interface NewPlanChange {
  planId: string;
  timestamp: string;
  userId: string | null;
  action: PlanChangeAction;
  description: string;
  oldValue: unknown;
  newValue: unknown;
  affectedSubnetIds: readonly string[];
}

const json = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

/** Appends one entry after the plan's last one (the plan row is locked by the caller's change). */
export async function insertPlanChange(db: Db, change: NewPlanChange): Promise<void> {
  const last = await db
    .selectFrom('plan_changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('plan_id', '=', change.planId)
    .executeTakeFirst();
  await db
    .insertInto('plan_changes')
    .values({
      id: randomUUID(),
      plan_id: change.planId,
      seq: Number(last?.seq ?? 0) + 1,
      timestamp: change.timestamp,
      user_id: change.userId,
      action: change.action,
      description: change.description,
      old_value_json: json(change.oldValue),
      new_value_json: json(change.newValue),
      affected_json: JSON.stringify(change.affectedSubnetIds),
    })
    .execute();
}

/** A page of a plan's history, newest first, after the cursor (the last page's final seq) (PL-18). */
export async function pagePlanChanges(
  db: Db,
  planId: string,
  cursor: number | null,
  limit: number,
): Promise<{ items: PlanChange[]; nextCursor: string | null }> {
  const rows = await db
    .selectFrom('plan_changes')
    .leftJoin('users', 'users.id', 'plan_changes.user_id')
    .selectAll('plan_changes')
    .select('users.email as user_email')
    .where('plan_changes.plan_id', '=', planId)
    .$if(cursor !== null, (qb) => qb.where('plan_changes.seq', '<', cursor ?? 0))
    .orderBy('plan_changes.seq', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const items = page.map((row) => ({
    id: row.id,
    timestamp: row.timestamp,
    userId: row.user_id,
    userEmail: row.user_email ?? null,
    action: row.action as PlanChangeAction,
    description: row.description,
    oldValue: row.old_value_json === null ? null : (JSON.parse(row.old_value_json) as unknown),
    newValue: row.new_value_json === null ? null : (JSON.parse(row.new_value_json) as unknown),
    affectedSubnetIds: JSON.parse(row.affected_json) as string[],
  }));
  const last = page[page.length - 1];
  return { items, nextCursor: rows.length > limit && last ? String(last.seq) : null };
}
