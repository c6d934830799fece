/**
 * Substring search over the text of every address in a range, without enumerating the range.
 *
 * A subnet's never-written addresses exist only virtually (DESIGN.md "Sparse addresses"), yet a
 * search such as `10.0.5.` must find and count them on a /8 (16.7M addresses) at interactive speed.
 * The text of an address is a fixed head followed by numeric fields in a radix without leading zeros
 * (IPv4: four decimal octets joined by dots). A KMP automaton for the query walks those texts; a
 * digit DP over the fields counts matching addresses at or below any index and finds the k-th match,
 * each in O(fields * 2^fieldBits * states) — microseconds for IPv4, a few ms for 16-bit IPv6 groups.
 */

/** Texts of a family of addresses: `head`, then `fieldCount` numbers joined by `separator`. */
export interface TextTemplate {
  readonly head: string;
  readonly radix: 10 | 16;
  readonly fieldBits: 8 | 16;
  readonly fieldCount: number;
  readonly separator: string;
}

/** The longest query the search accepts; longer ones cannot occur in an address text anyway. */
export const MAX_TEXT_QUERY_LENGTH = 64;

export const IPV4_TEXT_TEMPLATE: TextTemplate = {
  head: '',
  radix: 10,
  fieldBits: 8,
  fieldCount: 4,
  separator: '.',
};

const fieldTextCache = new Map<string, readonly string[]>();

function fieldTexts(radix: 10 | 16, bits: 8 | 16): readonly string[] {
  const key = `${radix}/${bits}`;
  let texts = fieldTextCache.get(key);
  if (!texts) {
    texts = Array.from({ length: 2 ** bits }, (_, value) => value.toString(radix));
    fieldTextCache.set(key, texts);
  }
  return texts;
}

/** KMP automaton of a query: `step(state, char)`; state `length` (a match) is absorbing. */
class QueryAutomaton {
  readonly accept: number;
  private readonly failure: Int32Array;

  constructor(private readonly query: string) {
    this.accept = query.length;
    this.failure = new Int32Array(query.length + 1);
    let k = 0;
    for (let i = 1; i < query.length; i++) {
      while (k > 0 && query[i] !== query[k]) k = this.failure[k] ?? 0;
      if (query[i] === query[k]) k++;
      this.failure[i + 1] = k;
    }
  }

  feed(state: number, text: string): number {
    let s = state;
    for (let i = 0; i < text.length && s !== this.accept; i++) {
      const ch = text[i];
      while (s > 0 && this.query[s] !== ch) s = this.failure[s] ?? 0;
      if (this.query[s] === ch) s++;
    }
    return s;
  }
}

/** Counts and locates the addresses of one template whose text contains a query. */
export class TextMatcher {
  private readonly states: number;
  private readonly accept: number;
  private readonly headState: number;
  private readonly fieldSize: number;
  /** next state after a field (first field: no separator before it), indexed state * fieldSize + value */
  private readonly firstStep: Uint8Array;
  private readonly laterStep: Uint8Array;
  /** completions[r * states + s]: matching ways to fill the last r fields starting from state s */
  private readonly completions: Float64Array;

  constructor(
    private readonly template: TextTemplate,
    query: string,
  ) {
    const q = query.toLowerCase();
    if (q.length === 0 || q.length > MAX_TEXT_QUERY_LENGTH) {
      throw new RangeError(`query length must be 1 to ${MAX_TEXT_QUERY_LENGTH}`);
    }
    const automaton = new QueryAutomaton(q);
    this.states = q.length + 1;
    this.accept = automaton.accept;
    this.headState = automaton.feed(0, template.head);
    this.fieldSize = 2 ** template.fieldBits;
    const texts = fieldTexts(template.radix, template.fieldBits);
    this.firstStep = new Uint8Array(this.states * this.fieldSize);
    this.laterStep = new Uint8Array(this.states * this.fieldSize);
    for (let s = 0; s < this.states; s++) {
      const afterSeparator = automaton.feed(s, template.separator);
      for (let v = 0; v < this.fieldSize; v++) {
        const text = texts[v] ?? '';
        this.firstStep[s * this.fieldSize + v] = automaton.feed(s, text);
        this.laterStep[s * this.fieldSize + v] = automaton.feed(afterSeparator, text);
      }
    }
    this.completions = new Float64Array(template.fieldCount * this.states);
    for (let s = 0; s < this.states; s++) this.completions[s] = s === this.accept ? 1 : 0;
    for (let r = 1; r < template.fieldCount; r++) {
      for (let s = 0; s < this.states; s++) {
        let ways = 0;
        for (let v = 0; v < this.fieldSize; v++) {
          ways +=
            this.completions[(r - 1) * this.states + (this.laterStep[s * this.fieldSize + v] ?? 0)] ?? 0;
        }
        this.completions[r * this.states + s] = ways;
      }
    }
  }

  /** Number of indices in the whole template space (2^(fieldBits*fieldCount)). */
  get size(): number {
    return this.fieldSize ** this.template.fieldCount;
  }

  /** Whether the text of one index contains the query. */
  matches(index: number): boolean {
    return this.countUpTo(index) - this.countUpTo(index - 1) === 1;
  }

  /** Matching indices in [0, index]; 0 for a negative index. */
  countUpTo(index: number): number {
    if (index < 0) return 0;
    const { fieldCount } = this.template;
    let state = this.headState;
    let count = 0;
    for (let i = 0; i < fieldCount; i++) {
      const remaining = fieldCount - 1 - i;
      const value = Math.floor(index / this.fieldSize ** remaining) % this.fieldSize;
      const step = i === 0 ? this.firstStep : this.laterStep;
      const base = state * this.fieldSize;
      const row = remaining * this.states;
      for (let v = 0; v < value; v++) count += this.completions[row + (step[base + v] ?? 0)] ?? 0;
      state = step[base + value] ?? 0;
    }
    return state === this.accept ? count + 1 : count;
  }

  /** Matching indices in [from, to]. */
  countBetween(from: number, to: number): number {
    return to < from ? 0 : this.countUpTo(to) - this.countUpTo(from - 1);
  }

  /** The smallest matching index in [from, to], or null. */
  nextMatch(from: number, to: number): number | null {
    const before = this.countUpTo(from - 1);
    if (this.countUpTo(to) === before) return null;
    return this.nthMatch(before);
  }

  /** The matching index with `n` matches below it (n counted from 0); n must be below the total. */
  private nthMatch(n: number): number {
    const { fieldCount } = this.template;
    let state = this.headState;
    let rank = n;
    let index = 0;
    for (let i = 0; i < fieldCount; i++) {
      const remaining = fieldCount - 1 - i;
      const step = i === 0 ? this.firstStep : this.laterStep;
      const base = state * this.fieldSize;
      const row = remaining * this.states;
      let chosen = this.fieldSize - 1;
      for (let v = 0; v < this.fieldSize; v++) {
        const ways = this.completions[row + (step[base + v] ?? 0)] ?? 0;
        if (rank < ways) {
          chosen = v;
          break;
        }
        rank -= ways;
      }
      index = index * this.fieldSize + chosen;
      state = step[base + chosen] ?? 0;
    }
    return index;
  }
}
