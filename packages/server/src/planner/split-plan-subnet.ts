import { randomUUID } from 'node:crypto';
import type { PlanSplit } from '@ipam/core/api/plan';
import { MAX_PLAN_SUBNETS } from '@ipam/core/limits';
import { messages } from '@ipam/core/messages';
import { planSplitChildren } from '@ipam/core/plan-split';
import { planTree } from '@ipam/core/plan-tree';
import type { PlanSplitInput } from '@ipam/core/schemas/plan-schemas';
import type { UserChangeContext } from '../commands/change.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { runPlanChange } from './plan-change.js';
import {
  deletePlanSubnets,
  insertPlanSubnets,
  listPlanSubnets,
  updatePlanSubnetRow,
  type PlanSubnetRecord,
} from './plan-subnet-repository.js';
import { someSubnetViews } from './plan-view.js';

/**
 * PL-15 (S7, S9): splits a subnet into equal children in one transaction — the children with their
 * names, inheritance and status, and the parent marked subdivided (kept) or removed — or nothing.
 */
export async function splitPlanSubnet(
  ctx: UserChangeContext,
  planId: string,
  subnetId: string,
  input: PlanSplitInput,
): Promise<PlanSplit> {
  const state = await runPlanChange(ctx, planId, input.expectedVersion, async ({ trx }) => {
    const subnets = await listPlanSubnets(trx, planId);
    const parent = subnets.find((subnet) => subnet.id === subnetId);
    if (!parent) throw new DomainError('not_found', messages.subnetNotFound);
    if (subnets.some((subnet) => subnet.parentSubnetId === subnetId)) {
      throw new DomainError('already_subdivided', messages.alreadySubdivided);
    }
    const level = planTree(subnets).levels.get(subnetId) ?? 0;
    const result = planSplitChildren({ ...parent, level }, input);
    if (!result.ok) {
      if (result.code === 'split_too_many') throw new DomainError('split_too_many', result.message);
      throw new DomainError('validation_failed', result.message, { newCidr: result.message });
    }
    const total = subnets.length + result.children.length - (input.keepOriginal ? 0 : 1);
    if (total > MAX_PLAN_SUBNETS) {
      throw new DomainError('plan_subnet_limit_reached', messages.planSubnetLimitReached(MAX_PLAN_SUBNETS));
    }
    const now = nowIso();
    if (input.keepOriginal)
      await updatePlanSubnetRow(trx, { ...parent, status: 'subdivided', updatedAt: now });
    else await deletePlanSubnets(trx, planId, [subnetId]);
    const children: PlanSubnetRecord[] = result.children.map(({ level: _level, ...child }) => ({
      ...child,
      id: randomUUID(),
      planId,
      createdAt: now,
      updatedAt: now,
    }));
    await insertPlanSubnets(trx, children);
    const childIds = children.map((child) => child.id);
    const description = `Split "${parent.name}" into ${children.length} /${input.newCidr} subnets`;
    return {
      value: childIds,
      history: {
        action: 'split_subnet',
        description,
        oldValue: { status: parent.status },
        newValue: {
          newCidr: input.newCidr,
          naming: input.naming,
          keepOriginal: input.keepOriginal,
          inherit: input.inherit,
        },
        affectedSubnetIds: [subnetId, ...childIds],
      },
      audit: {
        action: 'update',
        entity: 'plan_subnet',
        entityId: subnetId,
        after: { planId, split: description, keepOriginal: input.keepOriginal, childCount: childIds.length },
      },
    };
  });
  const childIds = state.value;
  const views = someSubnetViews(state.subnets, input.keepOriginal ? [subnetId, ...childIds] : childIds);
  return {
    parent: input.keepOriginal ? (views.find((view) => view.id === subnetId) ?? null) : null,
    children: views.filter((view) => view.id !== subnetId),
    childIds,
  };
}
