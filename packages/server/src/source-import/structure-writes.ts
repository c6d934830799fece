import { messages } from '@ipam/core/messages';
import { runChange, type ChangeContext } from '../commands/change.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { insertGroup, listGroups, updateGroup } from '../groups/group-repository.js';
import { countSubnets, lockAccountForIpam, updateSubnet } from '../subnets/subnet-repository.js';
import { placeSubnet } from '../subnets/subnet-placement.js';
import { networkText } from '../subnets/subnet-rules.js';
import { subnetView } from '../subnets/subnet-view.js';
import { insertVrf, listVrfs, updateVrfRow } from '../vrfs/vrf-repository.js';
import { chunksOf } from '../db/chunks.js';
import type { ImportTally } from './import-tally.js';
import type { SubnetPlan } from './subnet-plan.js';
import type { GroupFields, Planned, VrfFields } from './vrf-group-plan.js';

/** Subnets written per transaction: small enough that others' writes wait little, large enough to be quick. */
const SUBNETS_PER_TRANSACTION = 500;

/** Whether the plan writes the object (a new one, or one whose fields changed). */
function isWrite(plan: { outcome: string }): boolean {
  return plan.outcome === 'imported' || plan.outcome === 'updated';
}

/** The planned VRFs written in one transaction (new ones inserted, changed ones updated). */
export async function writeVrfs(ctx: ChangeContext, plans: Iterable<Planned<VrfFields>>): Promise<void> {
  const writes = [...plans].filter(isWrite);
  if (writes.length === 0) return;
  await runChange(ctx, async ({ trx, audit, announce }) => {
    await lockAccountForIpam(trx, ctx.account.id);
    const stored = new Map((await listVrfs(trx, ctx.account.id)).map((vrf) => [vrf.id, vrf]));
    const now = nowIso();
    for (const { outcome, id, fields } of writes) {
      if (!id) continue;
      const before = stored.get(id);
      const after = {
        id,
        ...fields,
        isDefault: before?.isDefault ?? false,
        updatedDate: now,
        updatedBy: ctx.userId,
      };
      if (outcome === 'imported' && !before) {
        await insertVrf(trx, ctx.account.id, { ...after, createdAt: now });
        audit({ action: 'create', entity: 'vrf', entityId: id, after });
      } else if (before) {
        await updateVrfRow(trx, ctx.account.id, after);
        audit({ action: 'update', entity: 'vrf', entityId: id, before, after });
      }
      announce({ kind: 'vrf', id });
    }
  });
}

/** The planned groups written in one transaction, parents first (the plan's order). */
export async function writeGroups(ctx: ChangeContext, plans: Iterable<Planned<GroupFields>>): Promise<void> {
  const writes = [...plans].filter(isWrite);
  if (writes.length === 0) return;
  await runChange(ctx, async ({ trx, audit, announce }) => {
    await lockAccountForIpam(trx, ctx.account.id);
    const stored = new Map((await listGroups(trx, ctx.account.id)).map((group) => [group.id, group]));
    const now = nowIso();
    for (const { outcome, id, fields } of writes) {
      if (!id) continue;
      const before = stored.get(id);
      const after = { id, ...fields, updatedDate: now, updatedBy: ctx.userId };
      if (outcome === 'imported' && !before) {
        await insertGroup(trx, ctx.account.id, { ...after, createdAt: now });
        audit({ action: 'create', entity: 'group', entityId: id, after });
      } else if (before) {
        // An update keeps the group where it is: the entry says what was written, not what was planned.
        const written = { ...after, parentId: before.parentId };
        await updateGroup(trx, ctx.account.id, written);
        audit({ action: 'update', entity: 'group', entityId: id, before, after: written });
      }
      announce({ kind: 'group', id });
    }
  });
}

/**
 * The planned subnets written, parents first, a few hundred per transaction. Each new subnet is placed
 * by the same path as any other (`placeSubnet`), which checks the nesting rule against what is stored
 * now; one refused there (someone added an overlapping subnet meanwhile) is reported skipped.
 */
export async function writeSubnets(
  ctx: ChangeContext,
  plans: readonly SubnetPlan[],
  tally: ImportTally,
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  const writes = plans.filter(isWrite);
  let done = 0;
  onProgress(done, writes.length);
  for (const chunk of chunksOf(writes, SUBNETS_PER_TRANSACTION)) {
    await runChange(ctx, async ({ trx, audit, announce }) => {
      await lockAccountForIpam(trx, ctx.account.id);
      let count = await countSubnets(trx, ctx.account.id);
      const now = nowIso();
      for (const plan of chunk) {
        const { fields, id } = plan;
        if (!fields || !id) continue;
        if (plan.outcome === 'updated' && plan.before) {
          const changed = {
            ...plan.before,
            ...fields,
            scanNow: fields.scanningType === 'none' ? false : plan.before.scanNow,
            updatedDate: now,
            updatedBy: ctx.userId,
          };
          await updateSubnet(trx, ctx.account.id, changed);
          audit({
            action: 'update',
            entity: 'subnet',
            entityId: id,
            subnetId: id,
            before: subnetView(plan.before),
            after: subnetView(changed),
          });
          announce({ kind: 'subnet', id, subnetId: id });
          continue;
        }
        if (count >= ctx.account.maxnetworks) {
          tally.retract('subnet', 'imported', plan.source.label);
          tally.add({
            kind: 'subnet',
            source: plan.source.label,
            object: plan.object,
            outcome: 'skipped',
            reason: messages.subnetLimitReached(ctx.account.maxnetworks),
          });
          plan.outcome = 'skipped';
          continue;
        }
        try {
          const placed = await placeSubnet(trx, ctx.account.id, {
            ...fields,
            id,
            networkIP: networkText(fields.prefix),
            lastScanned: null,
            scanNow: false,
            updatedDate: now,
            updatedBy: ctx.userId,
            createdAt: now,
            staleAfterDays: null,
          });
          count += 1;
          audit({
            action: 'create',
            entity: 'subnet',
            entityId: id,
            subnetId: id,
            after: subnetView(placed),
          });
          announce({ kind: 'subnet', id, subnetId: id });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          tally.retract('subnet', 'imported', plan.source.label);
          tally.add({
            kind: 'subnet',
            source: plan.source.label,
            object: plan.object,
            outcome: 'skipped',
            reason: error.message,
          });
          plan.outcome = 'skipped';
        }
      }
    });
    done += chunk.length;
    onProgress(done, writes.length);
  }
}
