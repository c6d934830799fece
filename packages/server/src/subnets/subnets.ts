import { randomUUID } from 'node:crypto';
import { formatPrefix } from '@ipam/core/cidr';
import { messages } from '@ipam/core/messages';
import type { IpVersion } from '@ipam/core/prefix';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { findGroup } from '../groups/group-repository.js';
import {
  countSubnets,
  deleteSubnetWithContents,
  findOverlappingSubnet,
  findSubnet,
  insertSubnet,
  lockAccountForIpam,
  updateSubnet,
  type ScanningType,
  type SubnetLock,
  type SubnetRecord,
} from './subnet-repository.js';
import { subnetView } from './subnet-view.js';
import { networkText, scanFrequencyFor, subnetPrefix } from './subnet-rules.js';

/**
 * A subnet to create, as core's create schema parsed it (`length` is its `bits` or `prefixLength`):
 * only what depends on the account (tier, limit, group, overlap) is checked here.
 */
export interface SubnetInput {
  version: IpVersion;
  name: string;
  vlanId: number;
  description?: string | undefined;
  groupId: string;
  networkIP: string;
  length: number;
  scanningType?: ScanningType | undefined;
  scanFrequency?: number | null | undefined;
}

/** The editable fields of a subnet (network and prefix are fixed after creation). */
export type SubnetPatch = Partial<
  Pick<SubnetInput, 'name' | 'vlanId' | 'description' | 'groupId' | 'scanningType' | 'scanFrequency'>
>;

async function requireGroup(db: Db, accountId: string, groupId: string): Promise<void> {
  if (!(await findGroup(db, accountId, groupId))) {
    throw new DomainError('validation_failed', messages.groupNotFound, { groupId: messages.groupNotFound });
  }
}

/**
 * The subnet of the account, or a 404 (also for another account's subnet). Inside a transaction the
 * row is held by default (PostgreSQL) so the subnet cannot be deleted under a write of its addresses
 * or approvals; a write that waited for a delete then answers 404. Plain reads take no lock.
 */
export async function requireSubnet(
  db: Db,
  accountId: string,
  subnetId: string,
  lock: SubnetLock = db.isTransaction ? 'key-share' : 'none',
): Promise<SubnetRecord> {
  const subnet = await findSubnet(db, accountId, subnetId, lock);
  if (!subnet) throw new DomainError('not_found', messages.notFound);
  return subnet;
}

/**
 * Creates a subnet: spec §5 rules and messages, the tier's prefixes, the account's subnet limit
 * (read fresh, checked with the account locked) and no overlap with another subnet of the account.
 */
export async function createSubnet(ctx: ChangeContext, input: SubnetInput): Promise<SubnetRecord> {
  const { account } = ctx;
  const prefix = subnetPrefix(account, input.version, input.networkIP, input.length);
  const scanningType = input.scanningType ?? 'none';
  const now = nowIso();
  const subnet: SubnetRecord = {
    id: randomUUID(),
    name: input.name,
    vlanId: input.vlanId,
    description: input.description ?? '',
    groupId: input.groupId,
    prefix,
    networkIP: networkText(prefix),
    scanningType,
    scanFrequency: scanFrequencyFor(scanningType, input.scanFrequency ?? null),
    lastScanned: null,
    scanNow: false,
    updatedDate: now,
    updatedBy: ctx.userId,
  };
  return runChange(ctx, async ({ trx, audit, announce }) => {
    await lockAccountForIpam(trx, account.id);
    if ((await countSubnets(trx, account.id)) >= account.maxnetworks) {
      throw new DomainError('subnet_limit_reached', messages.subnetLimitReached(account.maxnetworks));
    }
    await requireGroup(trx, account.id, subnet.groupId);
    const other = await findOverlappingSubnet(trx, account.id, prefix);
    if (other) {
      const message = messages.subnetOverlaps(other.name, formatPrefix(other.prefix));
      throw new DomainError('subnet_overlap', message, { networkIP: message });
    }
    await insertSubnet(trx, account.id, { ...subnet, createdAt: now });
    audit({
      action: 'create',
      entity: 'subnet',
      entityId: subnet.id,
      subnetId: subnet.id,
      after: subnetView(subnet),
    });
    announce({ kind: 'subnet', id: subnet.id, subnetId: subnet.id });
    return subnet;
  });
}

async function changeSubnet(
  ctx: ChangeContext,
  subnetId: string,
  change: (trx: Db, before: SubnetRecord) => Promise<SubnetRecord>,
): Promise<SubnetRecord> {
  return runChange(ctx, async ({ trx, audit, announce }) => {
    const before = await requireSubnet(trx, ctx.account.id, subnetId, 'no-key-update');
    const changed = { ...(await change(trx, before)), updatedDate: nowIso(), updatedBy: ctx.userId };
    await updateSubnet(trx, ctx.account.id, changed);
    audit({
      action: 'update',
      entity: 'subnet',
      entityId: subnetId,
      subnetId,
      before: subnetView(before),
      after: subnetView(changed),
    });
    announce({ kind: 'subnet', id: subnetId, subnetId });
    return changed;
  });
}

/** Edits name, VLAN, description, group and scanning; fields left out keep their value. */
export async function editSubnet(ctx: ChangeContext, subnetId: string, patch: SubnetPatch) {
  return changeSubnet(ctx, subnetId, async (trx, before) => {
    if (patch.groupId !== undefined && patch.groupId !== before.groupId) {
      // The target group must not be deleted while the subnet moves in.
      await lockAccountForIpam(trx, ctx.account.id);
      await requireGroup(trx, ctx.account.id, patch.groupId);
    }
    const scanningType = patch.scanningType ?? before.scanningType;
    const frequency = patch.scanFrequency === undefined ? before.scanFrequency : patch.scanFrequency;
    return {
      ...before,
      name: patch.name ?? before.name,
      vlanId: patch.vlanId ?? before.vlanId,
      description: patch.description ?? before.description,
      groupId: patch.groupId ?? before.groupId,
      scanningType,
      scanFrequency: scanFrequencyFor(scanningType, frequency),
      scanNow: scanningType === 'none' ? false : before.scanNow,
    };
  });
}

/** Scan Now: asks the subnet's scanner for a scan; only for approval or auto scanning. */
export async function requestScan(ctx: ChangeContext, subnetId: string): Promise<SubnetRecord> {
  return changeSubnet(ctx, subnetId, async (_trx, before) => {
    if (before.scanningType === 'none') throw new DomainError('scan_not_enabled', messages.scanNotEnabled);
    return { ...before, scanNow: true };
  });
}

/** Deletes the subnet with all its written addresses and approvals in one transaction. */
export async function deleteSubnet(ctx: ChangeContext, subnetId: string): Promise<void> {
  await runChange(ctx, async ({ trx, audit, announce }) => {
    const before = await requireSubnet(trx, ctx.account.id, subnetId, 'update');
    await deleteSubnetWithContents(trx, ctx.account.id, subnetId);
    audit({ action: 'delete', entity: 'subnet', entityId: subnetId, subnetId, before: subnetView(before) });
    announce({ kind: 'subnet', id: subnetId, subnetId });
  });
}
