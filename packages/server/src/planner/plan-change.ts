import type { PlanChangeAction } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { validatePlan } from '@ipam/core/plan-validation';
import { runChange, type Change, type ChangeAudit, type UserChangeContext } from '../commands/change.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { insertPlanChange } from './plan-change-repository.js';
import { findPlan, updatePlanRow, type PlanRecord } from './plan-repository.js';
import { listPlanSubnets, type PlanSubnetRecord } from './plan-subnet-repository.js';

/** What a plan write records in the plan's history (PL-75). */
export interface PlanHistoryEntry {
  action: PlanChangeAction;
  description: string;
  oldValue?: unknown;
  newValue?: unknown;
  affectedSubnetIds?: readonly string[];
}

/** What the work of a plan write reports back. */
export interface PlanWrite<T> {
  value: T;
  /** The plan's own fields after the write (unchanged when left out). */
  plan?: PlanRecord;
  history: PlanHistoryEntry;
  audit: ChangeAudit;
}

/** A plan after a write: the plan and all its subnets as stored. */
export interface PlanState {
  plan: PlanRecord;
  subnets: PlanSubnetRecord[];
}

/** The fields that differ between two states, old and new (history and audit values hold only these). */
export function changedFields<T extends object>(
  before: T,
  after: T,
): { oldValue: Record<string, unknown>; newValue: Record<string, unknown> } {
  const oldValue: Record<string, unknown> = {};
  const newValue: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    const previous: unknown = Reflect.get(before, key);
    if (JSON.stringify(previous) !== JSON.stringify(value)) {
      oldValue[key] = previous;
      newValue[key] = value;
    }
  }
  return { oldValue, newValue };
}

/** The account's plan or a 404 (also for another account's plan); locked inside a transaction. */
export async function requirePlan(
  ctx: UserChangeContext,
  trx: Change['trx'],
  planId: string,
): Promise<PlanRecord> {
  const plan = await findPlan(trx, ctx.account.id, planId, true);
  if (!plan) throw new DomainError('not_found', messages.notFound);
  return plan;
}

/**
 * Ends every plan write (PL-19) inside its transaction: version + 1 (or 1 for a new plan),
 * updatedAt, validation recomputed and stored while validateOverlaps is on, the history entries,
 * the audit entry and the live event after the commit.
 */
export async function finishPlanWrite(
  ctx: UserChangeContext,
  change: Change,
  plan: PlanRecord,
  history: readonly PlanHistoryEntry[],
  audit: ChangeAudit,
  alwaysValidate = false,
): Promise<PlanState> {
  const now = nowIso();
  const subnets = await listPlanSubnets(change.trx, plan.id);
  const written: PlanRecord = {
    ...plan,
    updatedAt: now,
    planValidation:
      alwaysValidate || plan.settings.validateOverlaps
        ? validatePlan(subnets, new Date(now))
        : plan.planValidation,
  };
  await updatePlanRow(change.trx, written);
  for (const entry of history) {
    await insertPlanChange(change.trx, {
      planId: plan.id,
      timestamp: now,
      userId: ctx.userId,
      action: entry.action,
      description: entry.description,
      oldValue: entry.oldValue ?? null,
      newValue: entry.newValue ?? null,
      affectedSubnetIds: entry.affectedSubnetIds ?? [],
    });
  }
  change.audit(audit);
  change.announce({ kind: 'plan', id: plan.id });
  return { plan: written, subnets };
}

/**
 * A write to an existing plan: locks it, refuses a stale `expectedVersion` (409 version_conflict,
 * PL-20), runs the work, then finishes it as every plan write (version + 1).
 */
export async function runPlanChange<T>(
  ctx: UserChangeContext,
  planId: string,
  expectedVersion: number | undefined,
  work: (change: Change, plan: PlanRecord) => Promise<PlanWrite<T>>,
): Promise<PlanState & { value: T }> {
  return runChange(ctx, async (change) => {
    const plan = await requirePlan(ctx, change.trx, planId);
    if (expectedVersion !== undefined && expectedVersion !== plan.version) {
      throw new DomainError('version_conflict', messages.versionConflict);
    }
    const result = await work(change, plan);
    const next = { ...(result.plan ?? plan), version: plan.version + 1 };
    const state = await finishPlanWrite(ctx, change, next, [result.history], result.audit);
    return { ...state, value: result.value };
  });
}
