import {
  IPV4_TEXT_TEMPLATE,
  MAX_TEXT_QUERY_LENGTH,
  TextMatcher,
  type TextTemplate,
} from './address-text-search.js';
import { formatIPv6 } from './ipv6.js';
import type { IpVersion } from './prefix.js';

/** Addresses `base + index` for index in [low, high], whose texts one matcher (or one literal) covers. */
interface Piece {
  readonly base: bigint;
  readonly low: number;
  readonly high: number;
  readonly matcher: TextMatcher | null;
  readonly literal: string | null;
}

const MATCHER_CACHE_SIZE = 32;
const matcherCache = new Map<string, TextMatcher>();

/** Matchers are a few hundred KB for IPv6 and take milliseconds to build: keep recent ones. */
function cachedMatcher(template: TextTemplate, query: string): TextMatcher {
  const key = JSON.stringify([template, query]);
  let matcher = matcherCache.get(key);
  if (matcher) {
    matcherCache.delete(key);
  } else {
    matcher = new TextMatcher(template, query);
    if (matcherCache.size >= MATCHER_CACHE_SIZE) {
      const oldest = matcherCache.keys().next().value;
      if (oldest !== undefined) matcherCache.delete(oldest);
    }
  }
  matcherCache.set(key, matcher);
  return matcher;
}

const LOW_32 = 0xffffffffn;
const IPV4_MAPPED_BLOCK = 0xffff00000000n;

/**
 * The RFC 5952 texts of the addresses of one /96. With the first six groups fixed, only three
 * layouts exist: group 7 non-zero (head + g7 ":" g8), group 7 zero and group 8 not (the zero run may
 * absorb group 7: head + g8), and both zero (one literal); ::ffff:0:0/96 is written as dotted IPv4.
 */
function ipv6Pieces(block: bigint, query: string): Piece[] {
  if (block === IPV4_MAPPED_BLOCK) {
    const template: TextTemplate = { ...IPV4_TEXT_TEMPLATE, head: '::ffff:' };
    return [
      { base: block, low: 0, high: 0xffffffff, matcher: cachedMatcher(template, query), literal: null },
    ];
  }
  const bothNonZeroHead = formatIPv6(block | 0x10001n).slice(0, -'1:1'.length);
  const lastNonZeroHead = formatIPv6(block | 1n).slice(0, -'1'.length);
  const hex = { radix: 16, fieldBits: 16 } as const;
  return [
    { base: block, low: 0, high: 0, matcher: null, literal: formatIPv6(block) },
    {
      base: block,
      low: 1,
      high: 0xffff,
      matcher: cachedMatcher({ ...hex, head: lastNonZeroHead, fieldCount: 1, separator: '' }, query),
      literal: null,
    },
    {
      base: block,
      low: 0x10000,
      high: 0xffffffff,
      matcher: cachedMatcher({ ...hex, head: bothNonZeroHead, fieldCount: 2, separator: ':' }, query),
      literal: null,
    },
  ];
}

/**
 * Case-insensitive substring search over the canonical texts of a range of addresses (a subnet's
 * listed addresses), answering counts and next matches without visiting each address. IPv6 ranges
 * must lie within one /96 (subnets are /104 or longer); `isSupported` says whether this one does.
 */
export class RangeTextSearch {
  private readonly pieces: readonly Piece[];
  private readonly query: string;
  readonly isSupported: boolean;

  constructor(
    version: IpVersion,
    query: string,
    private readonly first: bigint,
    private readonly last: bigint,
  ) {
    const q = query.toLowerCase();
    const usable = q.length > 0 && q.length <= MAX_TEXT_QUERY_LENGTH;
    if (version === 4) {
      this.isSupported = true;
      this.pieces = usable
        ? [
            {
              base: 0n,
              low: 0,
              high: 0xffffffff,
              matcher: cachedMatcher(IPV4_TEXT_TEMPLATE, q),
              literal: null,
            },
          ]
        : [];
    } else {
      const block = first & ~LOW_32;
      this.isSupported = block === (last & ~LOW_32);
      this.pieces = usable && this.isSupported ? ipv6Pieces(block, q) : [];
    }
    this.query = q;
  }

  /** Matching addresses in [from, to] ∩ the range. */
  count(from: bigint, to: bigint): bigint {
    let total = 0;
    this.eachClipped(from, to, (piece, low, high) => {
      if (piece.matcher) total += piece.matcher.countBetween(low, high);
      else if (piece.literal?.includes(this.query)) total += 1;
      return false;
    });
    return BigInt(total);
  }

  /** The smallest matching address in [from, to] ∩ the range, or null. */
  next(from: bigint, to: bigint): bigint | null {
    let found: bigint | null = null;
    this.eachClipped(from, to, (piece, low, high) => {
      const index = piece.matcher
        ? piece.matcher.nextMatch(low, high)
        : piece.literal?.includes(this.query)
          ? low
          : null;
      if (index === null) return false;
      found = piece.base + BigInt(index);
      return true;
    });
    return found;
  }

  /** Visits pieces in address order with their index bounds clipped to [from, to]; stops on true. */
  private eachClipped(from: bigint, to: bigint, visit: (piece: Piece, low: number, high: number) => boolean) {
    const start = from > this.first ? from : this.first;
    const end = to < this.last ? to : this.last;
    if (start > end) return;
    for (const piece of this.pieces) {
      const low = Math.max(piece.low, Number(start - piece.base < 0n ? 0n : start - piece.base));
      const high = Math.min(piece.high, Number(end - piece.base < 0n ? -1n : end - piece.base));
      if (low <= high && visit(piece, low, high)) return;
    }
  }
}
