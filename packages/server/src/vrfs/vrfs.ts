import { randomUUID } from 'node:crypto';
import type { Vrf } from '@ipam/core/api/ipam';
import { messages } from '@ipam/core/messages';
import { MAX_VRFS_PER_ACCOUNT } from '@ipam/core/schemas/vrf-schemas';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { lockAccountForIpam } from '../subnets/subnet-repository.js';
import {
  countSubnetsInVrf,
  deleteVrfRow,
  findVrf,
  insertVrf,
  listVrfs,
  updateVrfRow,
  type VrfRecord,
} from './vrf-repository.js';

/** The fields of a VRF a person sets. */
export interface VrfInput {
  name: string;
  rd: string | null;
  description: string;
}

/** A VRF as the API shows it (also what the audit log keeps). */
export function vrfView(vrf: VrfRecord, subnetCount: number): Vrf {
  return { ...vrf, subnetCount };
}

/** Names are unique in the account whatever their case ("Global" and "global" would confuse). */
async function checkNameFree(db: Db, accountId: string, name: string, exceptId: string | null) {
  const folded = name.toLocaleLowerCase('en-US');
  const taken = (await listVrfs(db, accountId)).find(
    (vrf) => vrf.id !== exceptId && vrf.name.toLocaleLowerCase('en-US') === folded,
  );
  if (taken) {
    const message = messages.vrfNameTaken(taken.name);
    throw new DomainError('vrf_name_taken', message, { name: message });
  }
}

async function requireVrf(db: Db, accountId: string, vrfId: string): Promise<VrfRecord> {
  const vrf = await findVrf(db, accountId, vrfId);
  if (!vrf) throw new DomainError('not_found', messages.notFound);
  return vrf;
}

/** Creates a VRF (at most 1,000 per account); answers it. */
export async function createVrf(ctx: ChangeContext, input: VrfInput): Promise<Vrf> {
  const now = nowIso();
  const vrf: VrfRecord = {
    id: randomUUID(),
    ...input,
    isDefault: false,
    updatedDate: now,
    updatedBy: ctx.userId,
  };
  return runChange(ctx, async ({ trx, audit, announce }) => {
    await lockAccountForIpam(trx, ctx.account.id);
    const existing = await listVrfs(trx, ctx.account.id);
    if (existing.length >= MAX_VRFS_PER_ACCOUNT) {
      throw new DomainError('vrf_limit_reached', messages.vrfLimitReached(MAX_VRFS_PER_ACCOUNT));
    }
    await checkNameFree(trx, ctx.account.id, vrf.name, null);
    await insertVrf(trx, ctx.account.id, { ...vrf, createdAt: now });
    const view = vrfView(vrf, 0);
    audit({ action: 'create', entity: 'vrf', entityId: vrf.id, after: view });
    announce({ kind: 'vrf', id: vrf.id });
    return view;
  });
}

/** Renames a VRF or changes its route distinguisher or description; absent fields stay. */
export async function editVrf(ctx: ChangeContext, vrfId: string, patch: Partial<VrfInput>): Promise<Vrf> {
  return runChange(ctx, async ({ trx, audit, announce }) => {
    await lockAccountForIpam(trx, ctx.account.id);
    const before = await requireVrf(trx, ctx.account.id, vrfId);
    const after: VrfRecord = {
      ...before,
      name: patch.name ?? before.name,
      rd: patch.rd === undefined ? before.rd : patch.rd,
      description: patch.description ?? before.description,
      updatedDate: nowIso(),
      updatedBy: ctx.userId,
    };
    if (after.name !== before.name) await checkNameFree(trx, ctx.account.id, after.name, vrfId);
    await updateVrfRow(trx, ctx.account.id, after);
    const subnetCount = await countSubnetsInVrf(trx, ctx.account.id, vrfId);
    const view = vrfView(after, subnetCount);
    audit({
      action: 'update',
      entity: 'vrf',
      entityId: vrfId,
      before: vrfView(before, subnetCount),
      after: view,
    });
    announce({ kind: 'vrf', id: vrfId });
    return view;
  });
}

/** Deletes an empty VRF; the Global VRF and a VRF with subnets are refused (nothing is lost). */
export async function deleteVrf(ctx: ChangeContext, vrfId: string): Promise<void> {
  await runChange(ctx, async ({ trx, audit, announce }) => {
    // No subnet may be created in the VRF between the emptiness check and the delete.
    await lockAccountForIpam(trx, ctx.account.id);
    const before = await requireVrf(trx, ctx.account.id, vrfId);
    if (before.isDefault) throw new DomainError('vrf_default', messages.vrfDefaultFixed);
    const subnets = await countSubnetsInVrf(trx, ctx.account.id, vrfId);
    if (subnets > 0) throw new DomainError('vrf_not_empty', messages.vrfNotEmpty(subnets));
    await deleteVrfRow(trx, ctx.account.id, vrfId);
    audit({ action: 'delete', entity: 'vrf', entityId: vrfId, before: vrfView(before, 0) });
    announce({ kind: 'vrf', id: vrfId });
  });
}
