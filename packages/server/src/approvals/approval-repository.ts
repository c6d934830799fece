import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import type { Selectable } from 'kysely';
import { adjustPendingApprovals } from '../addresses/address-count-repository.js';
import { sortKeyOf } from '../addresses/address-keys.js';
import type { SubnetRef } from '../addresses/address-repository.js';
import { chunksOf } from '../db/chunks.js';
import type { Db } from '../db/database.js';
import type { ApprovalsTable } from '../db/schema.js';

/** An approval entry: a difference a scan found, waiting for a person to confirm or ignore it. */
export interface ApprovalRecord {
  id: string;
  ipAddress: string;
  /** The address's recorded status when the scan saw it. */
  status: AddressStatus;
  hostname: string;
  description: string;
  createdAt: string;
  /** What the scan saw: alive or silent, the name and MAC it reported, when, and which scanner. */
  seen: ApprovalSighting | null;
  /** The hostname Confirm writes; null: Confirm keeps the address's hostname. */
  hostnameAfter: string | null;
  /** The MAC Confirm writes; null: Confirm keeps the address's MAC. */
  macAfter: string | null;
}

/** One scanner's observation of an address. */
export interface ApprovalSighting {
  alive: boolean;
  hostname: string;
  mac: string | null;
  at: string;
  scannerName: string;
}

function toApproval(row: Selectable<ApprovalsTable>): ApprovalRecord {
  return {
    id: row.id,
    ipAddress: row.ip_address,
    status: row.status,
    hostname: row.hostname,
    description: row.description,
    createdAt: row.created_at,
    seen:
      row.seen_at === null
        ? null
        : {
            alive: row.seen_alive === 1,
            hostname: row.seen_hostname ?? '',
            mac: row.seen_mac,
            at: row.seen_at,
            scannerName: row.scanner_name ?? '',
          },
    hostnameAfter: row.hostname_after,
    macAfter: row.mac_after,
  };
}

/** The subnet's approval entries in address order. */
export async function listApprovals(db: Db, accountId: string, subnetId: string): Promise<ApprovalRecord[]> {
  const rows = await db
    .selectFrom('approvals')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('subnet_id', '=', subnetId)
    .orderBy('sort_key')
    .orderBy('created_at')
    .execute();
  return rows.map(toApproval);
}

/** One approval entry of the account's subnet, or undefined. */
export async function findApproval(
  db: Db,
  accountId: string,
  subnetId: string,
  approvalId: string,
): Promise<ApprovalRecord | undefined> {
  const row = await db
    .selectFrom('approvals')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('subnet_id', '=', subnetId)
    .where('id', '=', approvalId)
    .executeTakeFirst();
  return row ? toApproval(row) : undefined;
}

/** Inserts entries, replacing an older entry for the same address (a rescan finds it again). */
export async function replaceApprovals(
  db: Db,
  accountId: string,
  subnet: SubnetRef,
  entries: readonly (ApprovalRecord & { value: bigint })[],
): Promise<void> {
  let added = 0;
  // A scan of a large subnet reports thousands of entries: one statement could not bind them all.
  for (const chunk of chunksOf(entries)) {
    const keys = chunk.map((entry) => sortKeyOf(subnet.version, entry.value));
    const replaced = await db
      .deleteFrom('approvals')
      .where('subnet_id', '=', subnet.id)
      .where('sort_key', 'in', keys)
      .executeTakeFirst();
    added += chunk.length - Number(replaced.numDeletedRows);
    await db
      .insertInto('approvals')
      .values(
        chunk.map((entry) => ({
          id: entry.id,
          account_id: accountId,
          subnet_id: subnet.id,
          ip_address: entry.ipAddress,
          sort_key: sortKeyOf(subnet.version, entry.value),
          status: entry.status,
          hostname: entry.hostname,
          description: entry.description,
          created_at: entry.createdAt,
          seen_alive: entry.seen === null ? null : Number(entry.seen.alive),
          seen_hostname: entry.seen?.hostname ?? null,
          seen_mac: entry.seen?.mac ?? null,
          seen_at: entry.seen?.at ?? null,
          scanner_name: entry.seen?.scannerName ?? null,
          hostname_after: entry.hostnameAfter,
          mac_after: entry.macAfter,
        })),
      )
      .execute();
  }
  await adjustPendingApprovals(db, subnet.id, added);
}

/**
 * Removes approval entries by id; answers the ids this call removed (an entry another transaction
 * removed first is not among them, so the caller never settles it twice).
 */
export async function deleteApprovals(db: Db, subnetId: string, ids: readonly string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const chunk of chunksOf(ids)) {
    const rows = await db
      .deleteFrom('approvals')
      .where('subnet_id', '=', subnetId)
      .where('id', 'in', chunk)
      .returning('id')
      .execute();
    removed.push(...rows.map((row) => row.id));
  }
  await adjustPendingApprovals(db, subnetId, -removed.length);
  return removed;
}

/** Removes the entries of these addresses (a rescan found them as recorded again); answers them. */
export async function deleteApprovalsAt(
  db: Db,
  subnet: SubnetRef,
  values: readonly bigint[],
): Promise<ApprovalRecord[]> {
  const removed: ApprovalRecord[] = [];
  for (const chunk of chunksOf(values)) {
    const rows = await db
      .deleteFrom('approvals')
      .where('subnet_id', '=', subnet.id)
      .where(
        'sort_key',
        'in',
        chunk.map((value) => sortKeyOf(subnet.version, value)),
      )
      .returningAll()
      .execute();
    removed.push(...rows.map(toApproval));
  }
  await adjustPendingApprovals(db, subnet.id, -removed.length);
  return removed;
}

/** Removes every entry of the subnet (its scanning is switched off); answers them. */
export async function deleteAllApprovals(db: Db, subnetId: string): Promise<ApprovalRecord[]> {
  const rows = await db.deleteFrom('approvals').where('subnet_id', '=', subnetId).returningAll().execute();
  await adjustPendingApprovals(db, subnetId, -rows.length);
  return rows.map(toApproval);
}

/** The entries of these addresses. */
export async function findApprovalsAt(
  db: Db,
  subnet: SubnetRef,
  values: readonly bigint[],
): Promise<ApprovalRecord[]> {
  const found: ApprovalRecord[] = [];
  for (const chunk of chunksOf(values)) {
    const rows = await db
      .selectFrom('approvals')
      .selectAll()
      .where('subnet_id', '=', subnet.id)
      .where(
        'sort_key',
        'in',
        chunk.map((value) => sortKeyOf(subnet.version, value)),
      )
      .execute();
    found.push(...rows.map(toApproval));
  }
  return found;
}
