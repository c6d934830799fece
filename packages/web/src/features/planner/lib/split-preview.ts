import type { PlanSubnet } from '@ipam/core/api/plan';
import { formatAddress } from '@ipam/core/ip-address';
import { planSubnetPrefix } from '@ipam/core/plan-subnet-details';
import { prefixLast } from '@ipam/core/prefix';
import { checkSplitCount, splitPrefix } from '@ipam/core/split';
import { grouped } from './grouped.js';

/** How many children the preview lists (PL-81). */
export const PREVIEW_CHILDREN = 10;

export interface SplitPreview {
  /** The calculation's message (CIDR out of range); null when the split can be computed. */
  error: string | null;
  /** The 4096 cap's message; the split is then shown but cannot be carried out (PL-86). */
  limit: string | null;
  count: bigint;
  hostsPerChild: string;
  summary: string;
  children: { network: string; last: string }[];
  more: string | null;
}

/** The Split Subnet dialog's figures for a new prefix length, from core's lazy splitPrefix (PL-79 … PL-81). */
export function splitPreview(subnet: PlanSubnet, newCidr: number): SplitPreview {
  const result = splitPrefix(planSubnetPrefix(subnet), newCidr);
  if (!result.ok) {
    return {
      error: result.message,
      limit: null,
      count: 0n,
      hostsPerChild: '',
      summary: '',
      children: [],
      more: null,
    };
  }
  const { split } = result;
  const isIPv4 = subnet.ipVersion === 'IPv4';
  const children = split.first(PREVIEW_CHILDREN).map((child) => {
    const last = formatAddress(child.version, prefixLast(child));
    const hasBroadcast = isIPv4 && child.length <= 30;
    return {
      network: `${formatAddress(child.version, child.network)}/${child.length}`,
      last: hasBroadcast ? `Broadcast: ${last}` : `Last: ${last}`,
    };
  });
  const rest = split.count - BigInt(PREVIEW_CHILDREN);
  return {
    error: null,
    limit: checkSplitCount(split),
    count: split.count,
    hostsPerChild: grouped(split.hostsPerChild),
    summary: `Current: /${subnet.cidr} → New: /${newCidr} (${grouped(split.count)} subnets)`,
    children,
    more: rest > 0n ? `... and ${grouped(rest)} more subnets` : null,
  };
}
