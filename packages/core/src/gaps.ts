import { formatAddress } from './ip-address.js';
import { ADDRESS_BITS, prefixLast, type IpVersion, type Prefix } from './prefix.js';

/**
 * The fewest CIDR blocks that cover start..end (inclusive) exactly, in address order: each block is the
 * largest one aligned at the current start that does not run past the end.
 */
export function rangeToCidrs(version: IpVersion, start: bigint, end: bigint): Prefix[] {
  const bits = ADDRESS_BITS[version];
  const blocks: Prefix[] = [];
  let at = start;
  while (at <= end) {
    let hostBits = 0;
    while (hostBits < bits && ((at >> BigInt(hostBits)) & 1n) === 0n) hostBits++; // alignment of `at`
    while (at + (1n << BigInt(hostBits)) - 1n > end) hostBits--;
    blocks.push({ version, network: at, length: bits - hostBits });
    at += 1n << BigInt(hostBits);
  }
  return blocks;
}

/** The parts of `parent` that no child covers, as maximal aligned blocks in address order. */
export function prefixGaps(parent: Prefix, children: readonly Prefix[]): Prefix[] {
  const parentEnd = prefixLast(parent);
  const covered = mergeRanges(
    children
      .filter((child) => child.version === parent.version)
      .map((child) => ({ start: child.network, end: prefixLast(child), id: '' })),
  );
  const gaps: Prefix[] = [];
  let next = parent.network; // first address not yet accounted for
  for (const block of covered) {
    if (block.end < next) continue;
    if (block.start > parentEnd) break;
    if (block.start > next) gaps.push(...rangeToCidrs(parent.version, next, block.start - 1n));
    next = block.end + 1n;
  }
  if (next <= parentEnd) gaps.push(...rangeToCidrs(parent.version, next, parentEnd));
  return gaps;
}

/** A stretch of free addresses between two planned subnets. */
export interface PlanGap {
  readonly version: IpVersion;
  readonly startAddress: string;
  readonly endAddress: string;
  readonly size: bigint;
  /** Id of the subnet that ends just before the gap. */
  readonly beforeSubnet: string;
  /** Id of the subnet that starts just after the gap. */
  readonly afterSubnet: string;
}

/**
 * The planner's gap report: unused addresses between consecutive subnets of the same version (nested
 * subnets count once, space before the first and after the last one is not a gap). IPv4 first.
 */
export function planGaps(
  subnets: ReadonlyArray<{ readonly id: string; readonly prefix: Prefix }>,
): PlanGap[] {
  const gaps: PlanGap[] = [];
  for (const version of [4, 6] as const) {
    const merged = mergeRanges(
      subnets
        .filter((subnet) => subnet.prefix.version === version)
        .map((subnet) => ({ start: subnet.prefix.network, end: prefixLast(subnet.prefix), id: subnet.id })),
    );
    for (let i = 1; i < merged.length; i++) {
      const before = merged[i - 1]!;
      const after = merged[i]!;
      if (after.start <= before.end + 1n) continue;
      gaps.push({
        version,
        startAddress: formatAddress(version, before.end + 1n),
        endAddress: formatAddress(version, after.start - 1n),
        size: after.start - before.end - 1n,
        beforeSubnet: before.endId,
        afterSubnet: after.id,
      });
    }
  }
  return gaps;
}

interface MergedRange {
  readonly start: bigint;
  end: bigint;
  /** The range that starts the block (the largest one when several start together). */
  readonly id: string;
  /** The range that reaches the block's end. */
  endId: string;
}

/** Sorts ranges and fuses the ones that overlap; adjacent ranges stay apart (there is no gap between them). */
function mergeRanges(ranges: ReadonlyArray<{ start: bigint; end: bigint; id: string }>): MergedRange[] {
  const sorted = [...ranges].sort((a, b) =>
    a.start !== b.start ? (a.start < b.start ? -1 : 1) : a.end === b.end ? 0 : a.end > b.end ? -1 : 1,
  );
  const merged: MergedRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) {
      if (range.end > last.end) {
        last.end = range.end;
        last.endId = range.id;
      }
    } else {
      merged.push({ start: range.start, end: range.end, id: range.id, endId: range.id });
    }
  }
  return merged;
}
