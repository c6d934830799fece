import type { AddressTotals, Dashboard, PendingApprovals, SubnetUsage } from '@ipam/core/api/dashboard';
import { exactCountOf } from '@ipam/core/api/common';
import { compareNames } from '@ipam/core/name-order';
import { usableHostCount } from '@ipam/core/prefix';
import { usedPercent } from '@ipam/core/address-listing';
import { usageWarning } from '@ipam/core/usage-warning';
import { withNames } from '../audit/audit-log.js';
import { pageAudit } from '../audit/audit-repository.js';
import type { Db } from '../db/database.js';
import type { AccountRecord } from './account-repository.js';
import { countSubnetsAndGroups } from './account-stats-repository.js';
import {
  countApprovalsBySubnet,
  listStaleAddresses,
  listSubnetUse,
  type SubnetUseRow,
} from './dashboard-repository.js';

/** How many fullest subnets, subnets with approvals and latest changes the dashboard shows. */
export const FULLEST_SUBNETS = 5;
export const APPROVAL_SUBNETS = 5;
export const LATEST_CHANGES = 8;
export const STALE_ADDRESSES = 10;

interface Use {
  row: SubnetUseRow;
  used: bigint;
  listed: bigint;
}

const cidrOf = (row: SubnetUseRow) => `${row.networkIP}/${row.prefixLength}`;

/** Fuller first (exact ratios, compared crosswise), then by name. */
function byFullness(a: Use, b: Use): number {
  const left = a.used * b.listed;
  const right = b.used * a.listed;
  if (left !== right) return left > right ? -1 : 1;
  return compareNames(a.row.name, b.row.name);
}

function totalsOf(uses: readonly Use[]): AddressTotals[] {
  return ([4, 6] as const).flatMap((version) => {
    const mine = uses.filter((use) => use.row.version === version);
    if (mine.length === 0) return [];
    const sum = (pick: (use: Use) => bigint) => mine.reduce((total, use) => total + pick(use), 0n);
    const total = sum((use) => use.listed);
    const inUse = sum((use) => BigInt(use.row.inUse));
    const reserved = sum((use) => BigInt(use.row.reserved));
    return [
      {
        version,
        subnets: mine.length,
        total: exactCountOf(total),
        inUse: Number(inUse),
        reserved: Number(reserved),
        available: exactCountOf(total - inUse - reserved),
      },
    ];
  });
}

function usageOf({ row, used, listed }: Use): SubnetUsage {
  return {
    id: row.id,
    name: row.name,
    cidr: cidrOf(row),
    vrfName: row.vrfName,
    groupId: row.groupId,
    used: Number(used),
    listed: exactCountOf(listed),
    usedPercent: usedPercent(used, listed),
    warning: usageWarning(used, listed),
  };
}

/**
 * The dashboard of an account: the spec's three cards, address totals by status and the fullest
 * subnets (from the kept per-subnet counts), pending approvals per subnet, the latest changes and the
 * stale addresses (measured from `now`).
 */
export async function accountDashboard(
  db: Db,
  account: AccountRecord,
  now: Date = new Date(),
): Promise<Dashboard> {
  const [counts, subnets, approvals, latestChanges, stale] = await Promise.all([
    countSubnetsAndGroups(db, account.id),
    listSubnetUse(db, account.id),
    countApprovalsBySubnet(db, account.id),
    pageAudit(db, account.id, { limit: LATEST_CHANGES }),
    listStaleAddresses(db, account.id, now, STALE_ADDRESSES),
  ]);
  const uses: Use[] = subnets.map((row) => ({
    row,
    used: BigInt(row.inUse) + BigInt(row.reserved),
    listed: usableHostCount(row.version, row.prefixLength),
  }));
  const byId = new Map(subnets.map((row) => [row.id, row]));
  const pending: PendingApprovals[] = approvals.flatMap(({ subnetId, count }) => {
    const row = byId.get(subnetId);
    return row && count > 0 ? [{ subnetId, name: row.name, cidr: cidrOf(row), count }] : [];
  });
  pending.sort((a, b) => b.count - a.count || compareNames(a.name, b.name));
  return {
    ...counts,
    maxNetworks: account.maxnetworks,
    addressTotals: totalsOf(uses),
    fullestSubnets: [...uses].sort(byFullness).slice(0, FULLEST_SUBNETS).map(usageOf),
    pendingApprovals: {
      total: pending.reduce((total, entry) => total + entry.count, 0),
      subnets: pending.slice(0, APPROVAL_SUBNETS),
    },
    latestChanges: await withNames(db, account.id, latestChanges.slice(0, LATEST_CHANGES)),
    staleAddresses: {
      total: stale.total,
      items: stale.items.flatMap((item) => {
        const row = byId.get(item.subnetId);
        return row ? [{ ...item, subnetName: row.name, cidr: cidrOf(row) }] : [];
      }),
    },
  };
}
