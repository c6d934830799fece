import type { PlanSettings, PlanValidation } from '@ipam/core/api/plan';
import { isPostgres, type Db } from '../db/database.js';
import { toCount } from '../db/db-values.js';
import type { NetworkPlansTable } from '../db/schema.js';

/** A network plan as stored (PL-1), its JSON columns read. */
export interface PlanRecord {
  id: string;
  accountId: string;
  name: string;
  description: string;
  tags: string[];
  settings: PlanSettings;
  isTemplate: boolean;
  version: number;
  planValidation: PlanValidation | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
}

function toRecord(row: NetworkPlansTable): PlanRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    description: row.description,
    tags: JSON.parse(row.tags_json) as string[],
    settings: JSON.parse(row.settings_json) as PlanSettings,
    isTemplate: row.is_template === 1,
    version: row.version,
    planValidation:
      row.plan_validation_json === null ? null : (JSON.parse(row.plan_validation_json) as PlanValidation),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
  };
}

function toRow(plan: PlanRecord): NetworkPlansTable {
  return {
    id: plan.id,
    account_id: plan.accountId,
    name: plan.name,
    description: plan.description,
    tags_json: JSON.stringify(plan.tags),
    settings_json: JSON.stringify(plan.settings),
    is_template: plan.isTemplate ? 1 : 0,
    version: plan.version,
    plan_validation_json: plan.planValidation === null ? null : JSON.stringify(plan.planValidation),
    created_at: plan.createdAt,
    updated_at: plan.updatedAt,
    created_by: plan.createdBy,
  };
}

/** Stores a new plan. */
export async function insertPlan(db: Db, plan: PlanRecord): Promise<void> {
  await db.insertInto('network_plans').values(toRow(plan)).execute();
}

/**
 * One of the account's plans (undefined when missing or another account's). With `lock`, the row is
 * held for update on PostgreSQL so concurrent writes of one plan queue (SQLite writes are serial).
 */
export async function findPlan(
  db: Db,
  accountId: string,
  id: string,
  lock = false,
): Promise<PlanRecord | undefined> {
  const row = await db
    .selectFrom('network_plans')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .$if(lock && isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The account's plans with their subnet counts, most recently updated first (PL-6). */
export async function listPlans(
  db: Db,
  accountId: string,
): Promise<Array<PlanRecord & { subnetCount: number }>> {
  const rows = await db
    .selectFrom('network_plans')
    .selectAll('network_plans')
    .select((eb) =>
      eb
        .selectFrom('plan_subnets')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('plan_subnets.plan_id', '=', 'network_plans.id')
        .as('subnet_count'),
    )
    .where('network_plans.account_id', '=', accountId)
    .orderBy('network_plans.updated_at', 'desc')
    .orderBy('network_plans.id')
    .execute();
  return rows.map(({ subnet_count, ...row }) => ({ ...toRecord(row), subnetCount: toCount(subnet_count) }));
}

/** How many plans the account keeps (PL-5). */
export async function countPlans(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('network_plans')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** Writes every field of a plan back (after a versioned change). */
export async function updatePlanRow(db: Db, plan: PlanRecord): Promise<void> {
  const { id: _id, account_id: _account, created_at: _created, created_by: _by, ...fields } = toRow(plan);
  await db
    .updateTable('network_plans')
    .set(fields)
    .where('account_id', '=', plan.accountId)
    .where('id', '=', plan.id)
    .execute();
}

/** Stores a validation result alone: no version, updatedAt or history change (PL-16, S31). */
export async function storePlanValidation(db: Db, planId: string, validation: PlanValidation): Promise<void> {
  await db
    .updateTable('network_plans')
    .set({ plan_validation_json: JSON.stringify(validation) })
    .where('id', '=', planId)
    .execute();
}

/** Deletes a plan; its subnets and history go with it (ON DELETE CASCADE). */
export async function deletePlanRow(db: Db, accountId: string, id: string): Promise<void> {
  await db.deleteFrom('network_plans').where('account_id', '=', accountId).where('id', '=', id).execute();
}
