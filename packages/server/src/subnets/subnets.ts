import { randomUUID } from 'node:crypto';
import { formatPrefix } from '@ipam/core/cidr';
import { firstFreePrefixes } from '@ipam/core/free-prefixes';
import { messages } from '@ipam/core/messages';
import { ADDRESS_BITS, type IpVersion, type Prefix } from '@ipam/core/prefix';
import type { SubnetKind } from '@ipam/core/schemas/subnet-schemas';
import { hasScanners } from '@ipam/core/tiers';
import { runChange, type Change, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { findGroup } from '../groups/group-repository.js';
import { scannersCovering } from '../scanners/scanner-repository.js';
import { withdrawAll, WITHDRAWN_BECAUSE } from '../approvals/approval-withdrawals.js';
import {
  countChildren,
  countSubnets,
  deleteSubnetWithContents,
  findSubnet,
  listChildren,
  lockAccountForIpam,
  updateSubnet,
  type ScanningType,
  type SubnetLock,
  type SubnetRecord,
} from './subnet-repository.js';
import { placeSubnet, vrfIdFor } from './subnet-placement.js';
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
  /** The VRF; null or absent: the account's Global VRF. */
  vrfId?: string | null | undefined;
  kind?: SubnetKind | undefined;
  /** Days after which an unseen address is shown as stale; absent or null: not marked. */
  staleAfterDays?: number | null | undefined;
}

/** The editable fields of a subnet (network and prefix are fixed after creation). */
export type SubnetPatch = Partial<
  Pick<
    SubnetInput,
    'name' | 'vlanId' | 'description' | 'groupId' | 'scanningType' | 'scanFrequency' | 'staleAfterDays'
  >
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

/** A container holds no addresses, so nothing scans it. */
function checkScanningOfKind(kind: SubnetKind, scanningType: ScanningType): void {
  if (kind === 'container' && scanningType !== 'none') {
    throw new DomainError('validation_failed', messages.containerNotScanned, {
      scanningType: messages.containerNotScanned,
    });
  }
}

/** A new subnet's record from what was asked, before it is placed (its parent is derived then). */
function newSubnet(ctx: ChangeContext, input: SubnetInput, prefix: Prefix, vrfId: string) {
  const scanningType = input.scanningType ?? 'none';
  const kind = input.kind ?? 'leaf';
  checkScanningOfKind(kind, scanningType);
  const now = nowIso();
  return {
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
    vrfId,
    kind,
    createdAt: now,
    staleAfterDays: input.staleAfterDays ?? null,
  };
}

/**
 * Checks what a new subnet needs of the account under its lock (the subnet limit, read fresh; its
 * group), places it in its VRF (nesting rule, derived parent) and records it.
 */
async function insertNewSubnet(
  ctx: ChangeContext,
  change: Change,
  subnet: Parameters<typeof placeSubnet>[2],
): Promise<SubnetRecord> {
  const { account } = ctx;
  const { trx, audit, announce } = change;
  if ((await countSubnets(trx, account.id)) >= account.maxnetworks) {
    throw new DomainError('subnet_limit_reached', messages.subnetLimitReached(account.maxnetworks));
  }
  await requireGroup(trx, account.id, subnet.groupId);
  const placed = await placeSubnet(trx, account.id, subnet);
  audit({
    action: 'create',
    entity: 'subnet',
    entityId: placed.id,
    subnetId: placed.id,
    after: subnetView(placed),
  });
  announce({ kind: 'subnet', id: placed.id, subnetId: placed.id });
  return placed;
}

/**
 * Creates a subnet: spec §5 rules and messages, the tier's prefixes, the account's subnet limit
 * (read fresh, checked with the account locked) and the nesting rule within its VRF (DESIGN.md "Real
 * networks"): two leaves never overlap, a subnet lies inside containers only.
 */
export async function createSubnet(ctx: ChangeContext, input: SubnetInput): Promise<SubnetRecord> {
  const { account } = ctx;
  const prefix = subnetPrefix(account, input.version, input.networkIP, input.length, input.kind ?? 'leaf');
  return runChange(ctx, async (change) => {
    await lockAccountForIpam(change.trx, account.id);
    const vrfId = await vrfIdFor(change.trx, account.id, input.vrfId ?? null);
    return insertNewSubnet(ctx, change, newSubnet(ctx, input, prefix, vrfId));
  });
}

/** A child to allocate: the container, the length, and the new subnet's own fields. */
export type NextChildInput = Omit<SubnetInput, 'version' | 'networkIP' | 'length' | 'vrfId'> & {
  parentId: string;
  prefixLength: number;
};

/**
 * `subnets/next`: creates the first free aligned child of the length inside a container, in one
 * transaction with the account locked, so concurrent calls get distinct children (409 when none fits).
 */
export async function createNextChild(ctx: ChangeContext, input: NextChildInput): Promise<SubnetRecord> {
  const { account } = ctx;
  return runChange(ctx, async (change) => {
    const { trx } = change;
    await lockAccountForIpam(trx, account.id);
    const parent = await findSubnet(trx, account.id, input.parentId);
    if (!parent || parent.kind !== 'container') {
      throw new DomainError('validation_failed', messages.parentNotContainer, {
        parentId: messages.parentNotContainer,
      });
    }
    const { version } = parent.prefix;
    const max = ADDRESS_BITS[version];
    if (input.prefixLength <= parent.prefix.length || input.prefixLength > max) {
      const message = messages.childLengthInvalid(parent.prefix.length + 1, max);
      throw new DomainError('validation_failed', message, { prefixLength: message });
    }
    const taken = (await listChildren(trx, account.id, parent.id)).map((child) => child.prefix);
    const [free] = firstFreePrefixes(parent.prefix, taken, input.prefixLength, 1);
    if (!free) {
      throw new DomainError(
        'container_full',
        messages.containerFull(input.prefixLength, formatPrefix(parent.prefix)),
      );
    }
    const prefix = subnetPrefix(account, version, networkText(free), free.length, input.kind ?? 'leaf');
    const subnetInput: SubnetInput = { ...input, version, networkIP: networkText(free), length: free.length };
    return insertNewSubnet(ctx, change, newSubnet(ctx, subnetInput, prefix, parent.vrfId));
  });
}

async function changeSubnet(
  ctx: ChangeContext,
  subnetId: string,
  change: (trx: Db, before: SubnetRecord, work: Change) => Promise<SubnetRecord>,
): Promise<SubnetRecord> {
  return runChange(ctx, async (work) => {
    const { trx, audit, announce } = work;
    const before = await requireSubnet(trx, ctx.account.id, subnetId, 'no-key-update');
    const changed = { ...(await change(trx, before, work)), updatedDate: nowIso(), updatedBy: ctx.userId };
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
  return changeSubnet(ctx, subnetId, async (trx, before, work) => {
    if (patch.groupId !== undefined && patch.groupId !== before.groupId) {
      // The target group must not be deleted while the subnet moves in.
      await lockAccountForIpam(trx, ctx.account.id);
      await requireGroup(trx, ctx.account.id, patch.groupId);
    }
    const scanningType = patch.scanningType ?? before.scanningType;
    checkScanningOfKind(before.kind, scanningType);
    // Nothing will scan it again: its pending entries are withdrawn (in History) and its ignores forgotten.
    if (scanningType === 'none' && before.scanningType !== 'none') {
      await withdrawAll(work, before.id, WITHDRAWN_BECAUSE.scanningOff);
    }
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
      staleAfterDays: patch.staleAfterDays === undefined ? before.staleAfterDays : patch.staleAfterDays,
    };
  });
}

/**
 * Scan Now: asks the subnet's scanner for a scan; only for approval or auto scanning, on a tier with
 * scanners, and when a scanner without Block Scanning has the subnet (else nothing would ever scan it,
 * and "Scan initiated!" would be a promise nobody keeps).
 */
export async function requestScan(ctx: ChangeContext, subnetId: string): Promise<SubnetRecord> {
  return changeSubnet(ctx, subnetId, async (trx, before) => {
    if (before.scanningType === 'none') throw new DomainError('scan_not_enabled', messages.scanNotEnabled);
    if (!hasScanners(ctx.account.tier)) {
      throw new DomainError('scanners_not_in_tier', messages.scannersNotInTier);
    }
    const covering = await scannersCovering(trx, ctx.account.id, before.id);
    if (!covering.some((scanner) => !scanner.blockScanning)) {
      throw new DomainError('no_scanner_covers', messages.noScannerCovers);
    }
    return { ...before, scanNow: true };
  });
}

/**
 * The account's leaf subnet, for reads and writes of addresses: another account's subnet is a 404, a
 * container (which holds subnets, not addresses) a 409.
 */
export async function requireLeaf(
  db: Db,
  accountId: string,
  subnetId: string,
  lock: SubnetLock = db.isTransaction ? 'key-share' : 'none',
): Promise<SubnetRecord> {
  const subnet = await requireSubnet(db, accountId, subnetId, lock);
  if (subnet.kind === 'container') {
    throw new DomainError(
      'container_no_addresses',
      messages.containerHasNoAddresses(formatPrefix(subnet.prefix)),
    );
  }
  return subnet;
}

/**
 * Deletes the subnet with all its written addresses and approvals in one transaction; a container
 * that still holds subnets is refused (nothing is lost).
 */
export async function deleteSubnet(ctx: ChangeContext, subnetId: string): Promise<void> {
  await runChange(ctx, async (work) => {
    const { trx, audit, announce } = work;
    // Nothing may be placed inside the container between the check and the delete.
    await lockAccountForIpam(trx, ctx.account.id);
    const before = await requireSubnet(trx, ctx.account.id, subnetId, 'update');
    if (before.kind === 'container') {
      const children = await countChildren(trx, ctx.account.id, subnetId);
      if (children > 0) throw new DomainError('container_not_empty', messages.containerNotEmpty(children));
    }
    await withdrawAll(work, subnetId, WITHDRAWN_BECAUSE.subnetDeleted);
    await deleteSubnetWithContents(trx, ctx.account.id, subnetId);
    audit({ action: 'delete', entity: 'subnet', entityId: subnetId, subnetId, before: subnetView(before) });
    announce({ kind: 'subnet', id: subnetId, subnetId });
  });
}
