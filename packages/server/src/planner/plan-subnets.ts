import { randomUUID } from 'node:crypto';
import type { PlanSubnet } from '@ipam/core/api/plan';
import { MAX_PLAN_SUBNETS } from '@ipam/core/limits';
import { messages } from '@ipam/core/messages';
import { descendantIds } from '@ipam/core/plan-tree';
import type { PlanSubnetInput, PlanSubnetUpdateInput } from '@ipam/core/schemas/plan-schemas';
import type { UserChangeContext } from '../commands/change.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { changedFields, runPlanChange, type PlanState } from './plan-change.js';
import {
  countPlanSubnets,
  deletePlanSubnets,
  insertPlanSubnets,
  listPlanSubnets,
  updatePlanSubnetRow,
  type PlanSubnetRecord,
} from './plan-subnet-repository.js';
import {
  checkPlacement,
  movesPrefix,
  parsePlanSubnet,
  refuseSubdividedByHand,
  subnetValues,
} from './plan-subnet-rules.js';
import { someSubnetViews } from './plan-view.js';

function requireSubnet(subnets: readonly PlanSubnetRecord[], subnetId: string): PlanSubnetRecord {
  const subnet = subnets.find((candidate) => candidate.id === subnetId);
  if (!subnet) throw new DomainError('not_found', messages.subnetNotFound);
  return subnet;
}

/** One subnet's view after a write. */
function viewOf(state: PlanState, subnetId: string): PlanSubnet {
  const [view] = someSubnetViews(state.subnets, [subnetId]);
  if (!view) throw new DomainError('internal', messages.unknownError);
  return view;
}

/** PL-12: adds a subnet to a plan, under the plan's cap and the placement rules. */
export async function addPlanSubnet(
  ctx: UserChangeContext,
  planId: string,
  input: PlanSubnetInput,
): Promise<PlanSubnet> {
  const { expectedVersion, ...fields } = input;
  const state = await runPlanChange(ctx, planId, expectedVersion, async ({ trx }) => {
    refuseSubdividedByHand(fields.status);
    if ((await countPlanSubnets(trx, planId)) >= MAX_PLAN_SUBNETS) {
      throw new DomainError('plan_subnet_limit_reached', messages.planSubnetLimitReached(MAX_PLAN_SUBNETS));
    }
    const networkAddress = checkPlacement(fields, await listPlanSubnets(trx, planId));
    const now = nowIso();
    const subnet: PlanSubnetRecord = {
      ...fields,
      networkAddress,
      vlan: fields.vlan,
      id: randomUUID(),
      planId,
      createdAt: now,
      updatedAt: now,
    };
    await insertPlanSubnets(trx, [subnet]);
    const values = subnetValues(subnet);
    return {
      value: subnet.id,
      history: {
        action: 'add_subnet',
        description: `Added subnet "${subnet.name}" (${networkAddress}/${subnet.cidr})`,
        newValue: values,
        affectedSubnetIds: [subnet.id],
      },
      audit: { action: 'create', entity: 'plan_subnet', entityId: subnet.id, after: { planId, ...values } },
    };
  });
  return viewOf(state, state.value);
}

/**
 * PL-13: merges a change into the stored subnet and re-checks it as PL-12 does; its address may change
 * only while it has no children (409 otherwise).
 */
export async function updatePlanSubnet(
  ctx: UserChangeContext,
  planId: string,
  subnetId: string,
  patch: PlanSubnetUpdateInput,
): Promise<PlanSubnet> {
  const { expectedVersion, ...changes } = patch;
  const state = await runPlanChange(ctx, planId, expectedVersion, async ({ trx }) => {
    const subnets = await listPlanSubnets(trx, planId);
    const before = requireSubnet(subnets, subnetId);
    const old = subnetValues(before);
    const merged = { ...old, ...changes, planning: { ...old.planning, ...changes.planning } };
    if (movesPrefix(before, merged) && subnets.some((subnet) => subnet.parentSubnetId === subnetId)) {
      throw new DomainError('plan_subnet_has_children', messages.subnetHasChildren);
    }
    const fields = parsePlanSubnet(merged);
    if (fields.status === 'subdivided' && before.status !== 'subdivided')
      refuseSubdividedByHand(fields.status);
    const networkAddress = checkPlacement(fields, subnets);
    const after: PlanSubnetRecord = { ...before, ...fields, networkAddress, updatedAt: nowIso() };
    await updatePlanSubnetRow(trx, after);
    const { oldValue, newValue } = changedFields(old, subnetValues(after));
    return {
      value: subnetId,
      history: {
        action: 'update_subnet',
        description: `Updated subnet "${after.name}"`,
        oldValue,
        newValue,
        affectedSubnetIds: [subnetId],
      },
      audit: {
        action: 'update',
        entity: 'plan_subnet',
        entityId: subnetId,
        before: oldValue,
        after: newValue,
      },
    };
  });
  return viewOf(state, state.value);
}

/** PL-14 (S8): deletes a subnet and every descendant in one write. */
export async function deletePlanSubnet(
  ctx: UserChangeContext,
  planId: string,
  subnetId: string,
  expectedVersion?: number,
): Promise<void> {
  await runPlanChange(ctx, planId, expectedVersion, async ({ trx }) => {
    const subnets = await listPlanSubnets(trx, planId);
    const subnet = requireSubnet(subnets, subnetId);
    const descendants = descendantIds(subnets, subnetId);
    const removedIds = [subnetId, ...descendants];
    const removed = new Set(removedIds);
    await deletePlanSubnets(trx, planId, removedIds);
    const oldValue = subnets
      .filter((candidate) => removed.has(candidate.id))
      .map((s) => ({ id: s.id, ...subnetValues(s) }));
    return {
      value: undefined,
      history: {
        action: 'delete_subnet',
        description: `Deleted subnet "${subnet.name}" and ${descendants.length} child subnet(s)`,
        oldValue,
        affectedSubnetIds: removedIds,
      },
      audit: {
        action: 'delete',
        entity: 'plan_subnet',
        entityId: subnetId,
        before: { planId, subnets: oldValue },
      },
    };
  });
}
