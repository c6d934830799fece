import { randomUUID } from 'node:crypto';
import type { Scanner, ScannerWithKey } from '@ipam/core/api/scanner';
import { messages } from '@ipam/core/messages';
import { sortedByName } from '@ipam/core/name-order';
import type { ScannerCreateInput, ScannerUpdateInput } from '@ipam/core/schemas/scanner-schemas';
import { hasScanners } from '@ipam/core/tiers';
import type { AccountRecord } from '../accounts/account-repository.js';
import { runChange, type ChangeContext, type UserChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import { DomainError } from '../errors/domain-error.js';
import { generateScannerKey, hashScannerKey } from './scanner-keys.js';
import {
  deleteScanner as deleteScannerRow,
  existingSubnetIds,
  findScanner,
  insertScanner,
  listScanners,
  setScannerKey,
  updateScanner,
  type ScannerRecord,
} from './scanner-repository.js';
import { scannerView } from './scanner-view.js';

/** How often an agent is asked to call in; silent for three of these, it shows as offline. */
export const DEFAULT_POLL_INTERVAL_SECONDS = 60;

/** Scanners belong to paid tiers (spec: no Scanners tab on tier 0): 403 with the tier message. */
export function requireScannerTier(account: AccountRecord): void {
  if (!hasScanners(account.tier)) throw new DomainError('scanners_not_in_tier', messages.scannersNotInTier);
}

async function requireScanner(db: Db, accountId: string, scannerId: string): Promise<ScannerRecord> {
  const scanner = await findScanner(db, accountId, scannerId);
  if (!scanner) throw new DomainError('not_found', messages.notFound);
  return scanner;
}

/** Refuses subnet ids that are not subnets of the account, except ones the scanner already lists. */
async function checkSubnets(db: Db, accountId: string, ids: readonly string[], kept: readonly string[] = []) {
  const existing = await existingSubnetIds(db, accountId, ids);
  if (ids.some((id) => !existing.has(id) && !kept.includes(id))) {
    throw new DomainError('validation_failed', messages.subnetNotFound, { subnets: messages.subnetNotFound });
  }
}

async function present(db: Db, scanner: ScannerRecord): Promise<Scanner> {
  return scannerView(scanner, await existingSubnetIds(db, scanner.accountId, scanner.subnets));
}

/** The account's scanners by name. */
export async function scannersOf(ctx: ChangeContext): Promise<Scanner[]> {
  requireScannerTier(ctx.account);
  const scanners = await listScanners(ctx.db, ctx.account.id);
  const existing = await existingSubnetIds(
    ctx.db,
    ctx.account.id,
    scanners.flatMap((scanner) => scanner.subnets),
  );
  return sortedByName(scanners).map((scanner) => scannerView(scanner, existing));
}

/** Registers a scanner; answers it with its key, the only time the key is shown. */
export async function createScanner(
  ctx: UserChangeContext,
  input: ScannerCreateInput,
): Promise<ScannerWithKey> {
  requireScannerTier(ctx.account);
  const apiKey = generateScannerKey();
  const now = nowIso();
  const scanner: ScannerRecord = {
    id: randomUUID(),
    accountId: ctx.account.id,
    name: input.name,
    description: input.description,
    keyPrefix: apiKey.slice(0, 4),
    blockScanning: input.blockScanning,
    pollIntervalSeconds: DEFAULT_POLL_INTERVAL_SECONDS,
    lastSeenAt: null,
    agentVersion: null,
    updatedDate: now,
    updatedBy: ctx.userId,
    subnets: input.subnets,
  };
  const view = await runChange(ctx, async ({ trx, audit, announce }) => {
    await checkSubnets(trx, ctx.account.id, scanner.subnets);
    await insertScanner(trx, { ...scanner, keyHash: hashScannerKey(apiKey), createdAt: now });
    const created = await present(trx, scanner);
    audit({ action: 'create', entity: 'scanner', entityId: scanner.id, after: created });
    announce({ kind: 'scanner', id: scanner.id });
    return created;
  });
  return { ...view, apiKey };
}

/** Edits name, description, subnets and Block Scanning; fields left out keep their value. */
export async function editScanner(ctx: ChangeContext, scannerId: string, patch: ScannerUpdateInput) {
  requireScannerTier(ctx.account);
  return runChange(ctx, async ({ trx, audit, announce }) => {
    const before = await requireScanner(trx, ctx.account.id, scannerId);
    if (patch.subnets) await checkSubnets(trx, ctx.account.id, patch.subnets, before.subnets);
    const after: ScannerRecord = {
      ...before,
      name: patch.name ?? before.name,
      description: patch.description ?? before.description,
      subnets: patch.subnets ?? before.subnets,
      blockScanning: patch.blockScanning ?? before.blockScanning,
      updatedDate: nowIso(),
      updatedBy: ctx.userId,
    };
    await updateScanner(trx, after);
    const view = await present(trx, after);
    audit({
      action: 'update',
      entity: 'scanner',
      entityId: scannerId,
      before: await present(trx, before),
      after: view,
    });
    announce({ kind: 'scanner', id: scannerId });
    return view;
  });
}

/** Remove Missing Subnets (spec §4): drops the ids whose subnet was deleted elsewhere. */
export async function removeMissingSubnets(ctx: ChangeContext, scannerId: string): Promise<Scanner> {
  requireScannerTier(ctx.account);
  return runChange(ctx, async ({ trx, audit, announce }) => {
    const before = await requireScanner(trx, ctx.account.id, scannerId);
    const existing = await existingSubnetIds(trx, ctx.account.id, before.subnets);
    const after = {
      ...before,
      subnets: before.subnets.filter((id) => existing.has(id)),
      updatedDate: nowIso(),
    };
    await updateScanner(trx, { ...after, updatedBy: ctx.userId });
    const view = scannerView({ ...after, updatedBy: ctx.userId }, existing);
    audit({
      action: 'update',
      entity: 'scanner',
      entityId: scannerId,
      before: scannerView(before, existing),
      after: view,
    });
    announce({ kind: 'scanner', id: scannerId });
    return view;
  });
}

/** Regenerate key: a new key answered once; the old one stops working at once. */
export async function regenerateScannerKey(ctx: ChangeContext, scannerId: string): Promise<ScannerWithKey> {
  requireScannerTier(ctx.account);
  const apiKey = generateScannerKey();
  const view = await runChange(ctx, async ({ trx, audit, announce }) => {
    const before = await requireScanner(trx, ctx.account.id, scannerId);
    const after = { ...before, keyPrefix: apiKey.slice(0, 4), updatedDate: nowIso(), updatedBy: ctx.userId };
    await setScannerKey(trx, after, hashScannerKey(apiKey));
    audit({
      action: 'update',
      entity: 'scanner-key',
      entityId: scannerId,
      after: { keyPrefix: after.keyPrefix },
    });
    announce({ kind: 'scanner', id: scannerId });
    return present(trx, after);
  });
  return { ...view, apiKey };
}

/** Deletes a scanner: its key stops working at once. */
export async function deleteScanner(ctx: ChangeContext, scannerId: string): Promise<void> {
  requireScannerTier(ctx.account);
  await runChange(ctx, async ({ trx, audit, announce }) => {
    const before = await requireScanner(trx, ctx.account.id, scannerId);
    await deleteScannerRow(trx, ctx.account.id, scannerId);
    audit({ action: 'delete', entity: 'scanner', entityId: scannerId, before: await present(trx, before) });
    announce({ kind: 'scanner', id: scannerId });
  });
}
