import type { AddressTotals, Dashboard, SubnetUsage } from '@ipam/core/api/dashboard';
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
  findSubnetLabels,
  listFullestSubnetCandidates,
  listPendingApprovals,
  listStaleAddresses,
  sumSubnetUse,
  type SubnetUseRow,
  type SubnetUseSum,
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

/** Address totals per version from the per-length sums (host counts multiplied exactly). */
function totalsOf(sums: readonly SubnetUseSum[]): AddressTotals[] {
  return ([4, 6] as const).flatMap((version) => {
    const mine = sums.filter((sum) => sum.version === version);
    if (mine.length === 0) return [];
    const add = (pick: (sum: SubnetUseSum) => bigint) => mine.reduce((total, sum) => total + pick(sum), 0n);
    const total = add((sum) => BigInt(sum.subnets) * usableHostCount(version, sum.prefixLength));
    const inUse = add((sum) => BigInt(sum.inUse));
    const reserved = add((sum) => BigInt(sum.reserved));
    return [
      {
        version,
        subnets: Number(add((sum) => BigInt(sum.subnets))),
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
 * stale addresses (measured from `now`). No step reads every subnet (issue 35): the totals and each
 * leaf's share are kept as counts change, so the sums are at most 162 rows and the fullest subnets the
 * first rows of an index (bench/scale.md).
 */
export async function accountDashboard(
  db: Db,
  account: AccountRecord,
  now: Date = new Date(),
): Promise<Dashboard> {
  const [counts, sums, candidates, approvals, latestChanges, stale] = await Promise.all([
    countSubnetsAndGroups(db, account.id),
    sumSubnetUse(db, account.id),
    listFullestSubnetCandidates(db, account.id, FULLEST_SUBNETS),
    listPendingApprovals(db, account.id, APPROVAL_SUBNETS),
    pageAudit(db, account.id, { limit: LATEST_CHANGES }),
    listStaleAddresses(db, account.id, now, STALE_ADDRESSES),
  ]);
  const uses: Use[] = candidates.map((row) => ({
    row,
    used: BigInt(row.inUse) + BigInt(row.reserved),
    listed: usableHostCount(row.version, row.prefixLength),
  }));
  const labels = await findSubnetLabels(
    db,
    account.id,
    stale.items.map((item) => item.subnetId),
  );
  return {
    ...counts,
    maxNetworks: account.maxnetworks,
    addressTotals: totalsOf(sums),
    fullestSubnets: uses.sort(byFullness).slice(0, FULLEST_SUBNETS).map(usageOf),
    pendingApprovals: approvals,
    latestChanges: await withNames(db, account.id, latestChanges.slice(0, LATEST_CHANGES)),
    staleAddresses: {
      total: stale.total,
      items: stale.items.flatMap((item) => {
        const label = labels.get(item.subnetId);
        return label ? [{ ...item, subnetName: label.name, cidr: label.cidr }] : [];
      }),
    },
  };
}
