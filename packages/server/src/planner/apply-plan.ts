import { randomUUID } from 'node:crypto';
import type { PlanApply } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { planTree } from '@ipam/core/plan-tree';
import type { PlanApplyInput } from '@ipam/core/schemas/plan-schemas';
import { runChange, type Change, type UserChangeContext } from '../commands/change.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { findGroup } from '../groups/group-repository.js';
import { placeSubnet, vrfIdFor } from '../subnets/subnet-placement.js';
import { lockAccountForIpam } from '../subnets/subnet-repository.js';
import { networkText } from '../subnets/subnet-rules.js';
import { subnetView } from '../subnets/subnet-view.js';
import { chooseSubnets, previewApply, type ApplyItem } from './apply-preview.js';
import { requirePlan, runPlanChange } from './plan-change.js';
import { listPlanSubnets } from './plan-subnet-repository.js';

/** A plan subnet without a VLAN lands on VLAN 1, the default VLAN of every switch (IPAM needs one). */
export const DEFAULT_VLAN_ID = 1;

const answer = (items: readonly ApplyItem[], dryRun: boolean, created: number): PlanApply => ({
  dryRun,
  created,
  items: items.map(({ prefix: _prefix, subnet: _subnet, kind: _kind, ...item }) => item),
});

async function prepare(ctx: UserChangeContext, change: Change, planId: string, input: PlanApplyInput) {
  if (!(await findGroup(change.trx, ctx.account.id, input.groupId))) {
    throw new DomainError('validation_failed', messages.groupNotFound, { groupId: messages.groupNotFound });
  }
  await lockAccountForIpam(change.trx, ctx.account.id);
  const subnets = await listPlanSubnets(change.trx, planId);
  const chosen = chooseSubnets(subnets, input.subnetIds);
  const vrfId = await vrfIdFor(change.trx, ctx.account.id, input.vrfId ?? null);
  const parentIds = new Set(planTree(subnets).childIds.keys());
  return { vrfId, items: await previewApply(change.trx, ctx.account, chosen, { vrfId, parentIds }) };
}

/**
 * PL-138: previews (dryRun) or applies a plan to IPAM. Applying creates every 'create' item as a real
 * subnet in one transaction, skips the 'exists' ones, and refuses everything (409, nothing created)
 * when any item is blocked. It is a plan write: history `apply_to_ipam`, version + 1.
 */
export async function applyPlan(
  ctx: UserChangeContext,
  planId: string,
  input: PlanApplyInput,
): Promise<PlanApply> {
  if (input.dryRun) {
    return runChange(ctx, async (change) => {
      const plan = await requirePlan(ctx, change.trx, planId);
      if (input.expectedVersion !== undefined && input.expectedVersion !== plan.version) {
        throw new DomainError('version_conflict', messages.versionConflict);
      }
      return answer((await prepare(ctx, change, planId, input)).items, true, 0);
    });
  }
  const state = await runPlanChange(ctx, planId, input.expectedVersion, async (change) => {
    const { vrfId, items } = await prepare(ctx, change, planId, input);
    if (items.some((item) => item.outcome !== 'create' && item.outcome !== 'exists')) {
      throw new DomainError('apply_blocked', messages.applyBlocked);
    }
    const now = nowIso();
    const applied = [];
    for (const item of items) {
      if (item.outcome !== 'create') {
        applied.push(item);
        continue;
      }
      const subnet = await placeSubnet(change.trx, ctx.account.id, {
        id: randomUUID(),
        name: item.subnet.name,
        vlanId: item.subnet.vlan?.id ?? DEFAULT_VLAN_ID,
        description: item.subnet.description,
        groupId: input.groupId,
        prefix: item.prefix,
        networkIP: networkText(item.prefix),
        scanningType: 'none',
        scanFrequency: null,
        lastScanned: null,
        scanNow: false,
        updatedDate: now,
        updatedBy: ctx.userId,
        vrfId,
        kind: item.kind,
        createdAt: now,
        staleAfterDays: null,
      });
      change.audit({
        action: 'create',
        entity: 'subnet',
        entityId: subnet.id,
        subnetId: subnet.id,
        after: subnetView(subnet),
      });
      change.announce({ kind: 'subnet', id: subnet.id, subnetId: subnet.id });
      applied.push({ ...item, message: messages.applyCreated, subnetId: subnet.id });
    }
    const created = items.filter((item) => item.outcome === 'create');
    const result = answer(applied, false, created.length);
    return {
      value: result,
      history: {
        action: 'apply_to_ipam',
        description: `Applied ${created.length} subnet(s) to IPAM`,
        newValue: { groupId: input.groupId, items: result.items },
        affectedSubnetIds: items.map((item) => item.planSubnetId),
      },
      audit: {
        action: 'update',
        entity: 'plan',
        entityId: planId,
        after: { appliedToIpam: created.length, groupId: input.groupId },
      },
    };
  });
  return state.value;
}
