import { messages } from './messages.js';
import { ADDRESS_BITS, usableHostCount, type Prefix } from './prefix.js';

/** Most children one split may create: previews are lazy and unbounded, stored plan subnets are not. */
export const MAX_SPLIT_CHILDREN = 4096;

/** The children of a prefix split to a longer length, computed on demand (a /8 into /32s is 16M). */
export interface PrefixSplit {
  readonly parent: Prefix;
  readonly childLength: number;
  readonly count: bigint;
  /** Usable host addresses in each child (RFC 3021 rule for IPv4, every address for IPv6). */
  readonly hostsPerChild: bigint;
  /** The i-th child (0-based) in address order. */
  childAt(index: bigint): Prefix;
  /** The first n children (fewer if there are not that many). */
  first(n: number): Prefix[];
}

export type SplitErrorCode = 'split_not_larger' | 'split_too_long';

export type SplitResult =
  | { readonly ok: true; readonly split: PrefixSplit }
  | { readonly ok: false; readonly code: SplitErrorCode; readonly message: string };

/** Splits `parent` into 2^(newLength - length) equal children, or says why it cannot. */
export function splitPrefix(parent: Prefix, newLength: number): SplitResult {
  const bits = ADDRESS_BITS[parent.version];
  if (!Number.isInteger(newLength) || newLength <= parent.length) {
    return { ok: false, code: 'split_not_larger', message: messages.newCidrMustBeLarger };
  }
  if (newLength > bits) return { ok: false, code: 'split_too_long', message: messages.splitTooLong(bits) };

  const count = 1n << BigInt(newLength - parent.length);
  const childSize = 1n << BigInt(bits - newLength);
  const childAt = (index: bigint): Prefix => {
    if (index < 0n || index >= count) throw new RangeError(`child ${index} of ${count}`);
    return { version: parent.version, network: parent.network + index * childSize, length: newLength };
  };
  return {
    ok: true,
    split: {
      parent,
      childLength: newLength,
      count,
      hostsPerChild: usableHostCount(parent.version, newLength),
      childAt,
      first: (n) => {
        const children: Prefix[] = [];
        for (let i = 0n; i < BigInt(Math.max(0, Math.floor(n))) && i < count; i++) children.push(childAt(i));
        return children;
      },
    },
  };
}

/** Whether a split may be carried out in a plan (stored as subnets), or the message saying why not. */
export function checkSplitCount(split: PrefixSplit): string | null {
  return split.count > BigInt(MAX_SPLIT_CHILDREN)
    ? messages.splitTooManyChildren(split.count, MAX_SPLIT_CHILDREN)
    : null;
}
