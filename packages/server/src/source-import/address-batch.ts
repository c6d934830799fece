import { messages } from '@ipam/core/messages';
import {
  addCounts,
  adjustStatusCounts,
  NO_COUNTS,
  statusChange,
  type StatusCounts,
} from '../addresses/address-count-repository.js';
import { findStoredAmong, NOT_SEEN, type StoredAddress } from '../addresses/address-repository.js';
import { insertAbsentAddressRows, writeAddressRows } from '../addresses/address-write-repository.js';
import { rowAuthor, runChange, type ChangeContext } from '../commands/change.js';
import { chunksOf } from '../db/chunks.js';
import { isPostgres, type Db } from '../db/database.js';
import { nowIso } from '../db/db-values.js';
import type { AddressLocator, PlacedAddress } from './address-plan.js';
import type { ImportTally } from './import-tally.js';
import type { SourceAddress } from './source-model.js';

/** The addresses of one batch that go to one subnet here. */
interface SubnetShare {
  subnetId: string;
  version: 4 | 6;
  /** Whether the subnet is stored already (a dry run plans subnets it does not create). */
  isStored: boolean;
  addresses: PlacedAddress[];
}

function sharesOf(placed: readonly PlacedAddress[], isDryRun: boolean): SubnetShare[] {
  const shares = new Map<string, SubnetShare>();
  for (const address of placed) {
    const { subnet } = address;
    let share = shares.get(subnet.id);
    if (!share) {
      share = {
        subnetId: subnet.id,
        version: subnet.fields?.prefix.version ?? 4,
        isStored: !isDryRun || subnet.outcome !== 'imported',
        addresses: [],
      };
      shares.set(subnet.id, share);
    }
    share.addresses.push(address);
  }
  return [...shares.values()];
}

async function storedOf(db: Db, share: SubnetShare, isLocked: boolean): Promise<Map<bigint, StoredAddress>> {
  const stored = new Map<bigint, StoredAddress>();
  if (!share.isStored) return stored;
  const ref = { id: share.subnetId, version: share.version };
  const values = share.addresses.map((address) => address.value);
  for (const chunk of chunksOf(values)) {
    for (const row of await findStoredAmong(db, ref, chunk, isLocked)) stored.set(row.value, row);
  }
  return stored;
}

function isSame(stored: StoredAddress, address: PlacedAddress): boolean {
  const { fields } = address;
  return (
    stored.status === fields.status &&
    stored.hostname === fields.hostname &&
    stored.description === fields.description
  );
}

function changedFields(stored: StoredAddress, address: PlacedAddress): string {
  const { fields } = address;
  const changes: string[] = [];
  if (stored.status !== fields.status) changes.push(`status ${stored.status} → ${fields.status}`);
  if (stored.hostname !== fields.hostname) changes.push('hostname');
  if (stored.description !== fields.description) changes.push('description');
  return messages.sourceChanged(changes.join(', '));
}

/**
 * One batch of the source's addresses: each placed in its subnet (or reported skipped), compared with
 * what is stored, and, unless a dry run, written in one transaction: new rows inserted, changed rows
 * updated, the subnets' counts adjusted, one audit entry and one live event per subnet touched.
 */
export async function importAddressBatch(
  ctx: ChangeContext,
  batch: readonly SourceAddress[],
  locator: AddressLocator,
  tally: ImportTally,
  source: string,
  isDryRun: boolean,
): Promise<void> {
  const placed: PlacedAddress[] = [];
  for (const address of batch) {
    const outcome = locator.place(address);
    if ('reason' in outcome) {
      tally.add({
        kind: 'address',
        source: address.label,
        object: outcome.object,
        outcome: 'skipped',
        reason: outcome.reason,
      });
    } else {
      placed.push(outcome);
    }
  }
  const shares = sharesOf(placed, isDryRun);
  const decide = (share: SubnetShare, stored: Map<bigint, StoredAddress>) => {
    const creates: PlacedAddress[] = [];
    const updates: { before: StoredAddress; address: PlacedAddress }[] = [];
    for (const address of share.addresses) {
      const before = stored.get(address.value);
      const item = { kind: 'address' as const, source: address.source.label, object: address.object };
      if (!before) {
        creates.push(address);
        tally.add({ ...item, outcome: 'imported' });
      } else if (isSame(before, address)) {
        tally.add({ ...item, outcome: 'unchanged' });
      } else {
        updates.push({ before, address });
        tally.add({ ...item, outcome: 'updated', reason: changedFields(before, address) });
      }
    }
    return { creates, updates };
  };
  if (isDryRun) {
    for (const share of shares) decide(share, await storedOf(ctx.db, share, false));
    return;
  }
  await runChange(ctx, async ({ trx, audit, announce }) => {
    const now = nowIso();
    for (const share of shares) {
      const ref = { id: share.subnetId, version: share.version };
      const { creates, updates } = decide(share, await storedOf(trx, share, isPostgres(trx)));
      const inserted = await insertAbsentAddressRows(
        trx,
        ctx.account.id,
        ref,
        creates.map((address) => ({
          value: address.value,
          ...address.fields,
          ...NOT_SEEN,
          allowScannerUpdate: true,
          updatedDate: now,
          updatedBy: rowAuthor(ctx),
        })),
      );
      await writeAddressRows(
        trx,
        ctx.account.id,
        ref,
        updates.map(({ before, address }) => ({
          ...before,
          ...address.fields,
          updatedDate: now,
          updatedBy: rowAuthor(ctx),
        })),
      );
      let change: StatusCounts = NO_COUNTS;
      for (const address of creates) {
        if (inserted.has(address.value))
          change = addCounts(change, statusChange(null, address.fields.status));
      }
      for (const { before, address } of updates) {
        change = addCounts(change, statusChange(before.status, address.fields.status));
      }
      await adjustStatusCounts(trx, share.subnetId, change);
      // A subnet whose addresses are all as stored gets no entry and no event (a rerun writes nothing).
      if (inserted.size === 0 && updates.length === 0) continue;
      audit({
        action: 'import',
        entity: 'address',
        entityId: share.subnetId,
        subnetId: share.subnetId,
        after: { source, imported: inserted.size, updated: updates.length },
      });
      announce({ kind: 'address', id: share.subnetId, subnetId: share.subnetId });
    }
  });
}
