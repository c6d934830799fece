import { messages } from './messages.js';
import { ADDRESS_BITS, prefixLast, usableHostCount, type IpVersion, type Prefix } from './prefix.js';

/** A named need for host addresses. */
export interface HostRequest {
  readonly name: string;
  readonly hosts: number;
}

export interface VlsmAllocation {
  readonly name: string;
  readonly hosts: number;
  readonly prefix: Prefix;
  readonly usableHosts: bigint;
}

export interface VlsmRefusal {
  readonly name: string;
  readonly hosts: number;
  readonly message: string;
}

export interface VlsmPlan {
  /** In address order. */
  readonly allocations: VlsmAllocation[];
  /** In request order. */
  readonly refused: VlsmRefusal[];
}

/**
 * The longest prefix length whose usable hosts reach `hosts` (IPv4: /32 for 1 host, /31 for 2, then
 * hosts + network + broadcast), or null when even /0 is too small.
 */
export function smallestPrefixLengthFor(version: IpVersion, hosts: bigint): number | null {
  const bits = ADDRESS_BITS[version];
  if (hosts <= 1n) return bits;
  // Start at the longest prefix with room for `hosts` addresses (the bit length of hosts - 1), then
  // widen while the IPv4 network and broadcast addresses leave too few (at most one step).
  let length = bits - (hosts - 1n).toString(2).length;
  while (length >= 0 && usableHostCount(version, length) < hosts) length--;
  return length >= 0 ? length : null;
}

/**
 * Variable-length subnetting inside `parent`: largest request first (ties keep request order), each
 * given the smallest prefix that holds it, at the lowest free address. Block sizes only shrink along
 * the way, so a single cursor stays aligned and is first fit (the free space left is always a multiple
 * of the next block, so packing never strands space). Requests that do not fit are refused.
 */
export function allocateVlsm(parent: Prefix, requests: readonly HostRequest[]): VlsmPlan {
  const refusals = new Map<number, VlsmRefusal>();
  const sized: Array<{ index: number; request: HostRequest; length: number }> = [];
  requests.forEach((request, index) => {
    if (!Number.isSafeInteger(request.hosts) || request.hosts < 1) {
      refusals.set(index, { ...request, message: messages.vlsmInvalidHosts });
      return;
    }
    const length = smallestPrefixLengthFor(parent.version, BigInt(request.hosts));
    if (length === null || length < parent.length) {
      refusals.set(index, { ...request, message: messages.vlsmDoesNotFit });
    } else {
      sized.push({ index, request, length });
    }
  });
  sized.sort((a, b) => a.length - b.length || a.index - b.index);

  const bits = ADDRESS_BITS[parent.version];
  const end = prefixLast(parent);
  const allocations: VlsmAllocation[] = [];
  let cursor = parent.network;
  for (const { index, request, length } of sized) {
    const size = 1n << BigInt(bits - length);
    if (cursor + size - 1n > end) {
      refusals.set(index, { ...request, message: messages.vlsmDoesNotFit });
      continue;
    }
    allocations.push({
      name: request.name,
      hosts: request.hosts,
      prefix: { version: parent.version, network: cursor, length },
      usableHosts: usableHostCount(parent.version, length),
    });
    cursor += size;
  }
  const refused = [...refusals.entries()].sort(([a], [b]) => a - b).map(([, refusal]) => refusal);
  return { allocations, refused };
}
