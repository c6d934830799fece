import { randomUUID } from 'node:crypto';
import { MAX_PLANS } from '@ipam/core/limits';
import { messages } from '@ipam/core/messages';
import { PLAN_TEMPLATE_DEFINITIONS } from '@ipam/core/plan-templates';
import type { PlanCreateInput, PlanUpdateInput } from '@ipam/core/schemas/plan-schemas';
import { findAccountForUpdate } from '../accounts/account-repository.js';
import { runChange, type Change, type UserChangeContext } from '../commands/change.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { copyName, copySubnets, copyTags, templateSubnets } from './plan-copy.js';
import {
  changedFields,
  finishPlanWrite,
  requirePlan,
  runPlanChange,
  type PlanHistoryEntry,
  type PlanState,
} from './plan-change.js';
import { countPlans, deletePlanRow, findPlan, insertPlan, type PlanRecord } from './plan-repository.js';
import { insertPlanSubnets, listPlanSubnets, type PlanSubnetRecord } from './plan-subnet-repository.js';

const planAudit = (plan: PlanRecord) => ({
  name: plan.name,
  description: plan.description,
  tags: plan.tags,
  settings: plan.settings,
  isTemplate: plan.isTemplate,
});

/** Stores a new plan with its first subnets and history, under the account's plan cap (PL-5). */
async function storeNewPlan(
  ctx: UserChangeContext,
  change: Change,
  plan: PlanRecord,
  subnets: readonly PlanSubnetRecord[],
  history: PlanHistoryEntry[],
  alwaysValidate = false,
): Promise<PlanState> {
  if (!(await findAccountForUpdate(change.trx, ctx.account.id)))
    throw new DomainError('not_found', messages.notFound);
  if ((await countPlans(change.trx, ctx.account.id)) >= MAX_PLANS) {
    throw new DomainError('plan_limit_reached', messages.planLimitReached(MAX_PLANS));
  }
  await insertPlan(change.trx, plan);
  await insertPlanSubnets(change.trx, subnets);
  const audit = {
    action: 'create' as const,
    entity: 'plan',
    entityId: plan.id,
    after: { ...planAudit(plan), subnetCount: subnets.length },
  };
  return finishPlanWrite(ctx, change, plan, history, audit, alwaysValidate);
}

/** PL-7, PL-73, PL-74: creates a plan, optionally from a template or one of the account's template plans. */
export async function createPlan(ctx: UserChangeContext, input: PlanCreateInput): Promise<PlanState> {
  if (input.template !== undefined && input.fromPlanId !== undefined && input.fromPlanId !== '') {
    throw new DomainError('validation_failed', messages.planTemplateOrSource, {
      template: messages.planTemplateOrSource,
    });
  }
  const now = nowIso();
  const plan: PlanRecord = {
    id: randomUUID(),
    accountId: ctx.account.id,
    name: input.name,
    description: input.description,
    tags: input.tags,
    settings: input.settings,
    isTemplate: input.isTemplate,
    version: 1,
    planValidation: null,
    createdAt: now,
    updatedAt: now,
    createdBy: ctx.userId,
  };
  return runChange(ctx, async (change) => {
    const history: PlanHistoryEntry[] = [
      { action: 'create_plan', description: `Created plan "${plan.name}"` },
    ];
    let subnets: PlanSubnetRecord[] = [];
    if (input.fromPlanId) {
      const source = await findPlan(change.trx, ctx.account.id, input.fromPlanId);
      if (!source?.isTemplate)
        throw new DomainError('not_found', messages.notFound, { fromPlanId: messages.notFound });
      subnets = copySubnets(await listPlanSubnets(change.trx, source.id), plan.id, now);
      history.push({
        action: 'apply_template',
        description: `Applied template ${source.name}`,
        affectedSubnetIds: subnets.map((s) => s.id),
      });
    } else if (input.template !== undefined && input.template !== 'blank') {
      subnets = templateSubnets(input.template, plan.id, now);
      const label = PLAN_TEMPLATE_DEFINITIONS[input.template].label;
      history.push({
        action: 'apply_template',
        description: `Applied template ${label}`,
        affectedSubnetIds: subnets.map((s) => s.id),
      });
    }
    return storeNewPlan(ctx, change, plan, subnets, history);
  });
}

/** PL-11: copies a plan with its subnets (new ids, links kept), ' (Copy)' and the 'copy' tag, version 1. */
export async function duplicatePlan(
  ctx: UserChangeContext,
  planId: string,
  expectedVersion?: number,
): Promise<PlanState> {
  return runChange(ctx, async (change) => {
    const source = await requirePlan(ctx, change.trx, planId);
    if (expectedVersion !== undefined && expectedVersion !== source.version) {
      throw new DomainError('version_conflict', messages.versionConflict);
    }
    const now = nowIso();
    const copy: PlanRecord = {
      ...source,
      id: randomUUID(),
      name: copyName(source.name),
      tags: copyTags(source.tags),
      version: 1,
      planValidation: null,
      createdAt: now,
      updatedAt: now,
      createdBy: ctx.userId,
    };
    const subnets = copySubnets(await listPlanSubnets(change.trx, source.id), copy.id, now);
    const history = [{ action: 'duplicate_plan' as const, description: `Duplicated from "${source.name}"` }];
    // The copy's validation is always fresh (PL-11), whatever its validateOverlaps setting says.
    return storeNewPlan(ctx, change, copy, subnets, history, true);
  });
}

/** PL-9: changes name, description, tags, settings (each alone) or isTemplate. */
export async function updatePlan(
  ctx: UserChangeContext,
  planId: string,
  input: PlanUpdateInput,
): Promise<PlanState> {
  return runPlanChange(ctx, planId, input.expectedVersion, async (_change, before) => {
    const after: PlanRecord = {
      ...before,
      name: input.name ?? before.name,
      description: input.description ?? before.description,
      tags: input.tags ?? before.tags,
      settings: { ...before.settings, ...input.settings },
      isTemplate: input.isTemplate ?? before.isTemplate,
    };
    const { oldValue, newValue } = changedFields(planAudit(before), planAudit(after));
    const isRename = Object.keys(newValue).length === 1 && 'name' in newValue;
    return {
      value: undefined,
      plan: after,
      history: {
        action: 'update_plan',
        description: isRename ? `Renamed plan to "${after.name}"` : 'Updated plan settings',
        oldValue,
        newValue,
      },
      audit: { action: 'update', entity: 'plan', entityId: planId, before: oldValue, after: newValue },
    };
  });
}

/** PL-10: deletes a plan with its subnets and history. */
export async function deletePlan(
  ctx: UserChangeContext,
  planId: string,
  expectedVersion?: number,
): Promise<void> {
  await runChange(ctx, async ({ trx, audit, announce }) => {
    const plan = await requirePlan(ctx, trx, planId);
    if (expectedVersion !== undefined && expectedVersion !== plan.version) {
      throw new DomainError('version_conflict', messages.versionConflict);
    }
    await deletePlanRow(trx, ctx.account.id, planId);
    audit({ action: 'delete', entity: 'plan', entityId: planId, before: planAudit(plan) });
    announce({ kind: 'plan', id: planId });
  });
}
