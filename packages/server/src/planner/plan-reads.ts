import type { Plan, PlanSummary, PlanValidation } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { validatePlan } from '@ipam/core/plan-validation';
import { runChange, type UserChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { requirePlan } from './plan-change.js';
import { pagePlanChanges } from './plan-change-repository.js';
import { findPlan, listPlans, storePlanValidation, type PlanRecord } from './plan-repository.js';
import { listPlanSubnets } from './plan-subnet-repository.js';
import { planSummaryView, planView } from './plan-view.js';

async function readPlan(db: Db, accountId: string, planId: string): Promise<PlanRecord> {
  const plan = await findPlan(db, accountId, planId);
  if (!plan) throw new DomainError('not_found', messages.notFound);
  return plan;
}

/** PL-6: the account's plans, most recently updated first. */
export async function listPlanSummaries(db: Db, accountId: string): Promise<PlanSummary[]> {
  return (await listPlans(db, accountId)).map(planSummaryView);
}

/** PL-8: one plan with its subnets in tree order. */
export async function readFullPlan(db: Db, accountId: string, planId: string): Promise<Plan> {
  const plan = await readPlan(db, accountId, planId);
  return planView(plan, await listPlanSubnets(db, plan.id));
}

/** PL-18: a page of a plan's history, newest first. */
export async function readPlanHistory(
  db: Db,
  accountId: string,
  planId: string,
  query: { cursor?: string | undefined; limit: number },
) {
  await readPlan(db, accountId, planId);
  const cursor = query.cursor === undefined || query.cursor === '' ? null : Number(query.cursor);
  if (cursor !== null && !Number.isSafeInteger(cursor)) {
    throw new DomainError('validation_failed', messages.invalidRequest, { cursor: messages.invalidRequest });
  }
  return pagePlanChanges(db, planId, cursor, query.limit);
}

/**
 * PL-16 (S31): validates a plan and stores the result with its time; no version, updatedAt,
 * history or live event, because nothing the user wrote changed.
 */
export async function validateStoredPlan(ctx: UserChangeContext, planId: string): Promise<PlanValidation> {
  return runChange(ctx, async ({ trx }) => {
    const plan = await requirePlan(ctx, trx, planId);
    const validation = validatePlan(await listPlanSubnets(trx, plan.id), new Date(nowIso()));
    await storePlanValidation(trx, plan.id, validation);
    return validation;
  });
}
