import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStream } from './event-stream.js';
import { StreamShare } from './stream-share.js';

const open: EventStream[] = [];
function stream(): EventStream {
  const made = new EventStream({ keepAliveMs: 60_000 });
  open.push(made);
  return made;
}
afterEach(() => {
  for (const made of open.splice(0)) made.close();
  vi.useRealTimers();
});

const refused = expect.objectContaining({ code: 'rate_limited' });

describe('the streams’ share of connections (issue 36)', () => {
  it('caps the streams of one holder, and counts a closed stream no more', () => {
    const share = new StreamShare({ maxStreams: 100, perHolder: 2 });
    const [a, b] = [stream(), stream()];
    share.admit('10.0.0.1', a);
    share.admit('10.0.0.1', b);
    expect(() => share.admit('10.0.0.1', stream())).toThrow(refused);
    share.admit('10.0.0.2', stream());
    a.close();
    share.admit('10.0.0.1', stream());
    expect(share.size).toBe(3);
  });

  it('when full, sheds the longest-idle stream of the largest holder for a smaller one', () => {
    vi.useFakeTimers();
    const share = new StreamShare({ maxStreams: 5, perHolder: 10 });
    const big = [stream(), stream(), stream()];
    for (const made of big) {
      share.admit('198.51.100.9', made);
      vi.advanceTimersByTime(1000);
    }
    const mid = [stream(), stream()];
    for (const made of mid) share.admit('203.0.113.5', made);
    // The oldest of the largest holder has since delivered an event: the second one is the idlest.
    big[0]?.write([{ kind: 'group', id: 'g' }]);
    const newcomer = stream();
    share.admit('192.0.2.1', newcomer);
    expect(big.map((made) => made.closed)).toEqual([false, true, false]);
    expect(share.size).toBe(5);
    // Now 2 + 2 + 1: a second stream of the newcomer's address would leave it holding as many as the
    // largest, so shedding would only move the excess around: refused.
    expect(() => share.admit('192.0.2.1', stream())).toThrow(refused);
    expect([...big, ...mid, newcomer].filter((made) => !made.closed)).toHaveLength(5);
    share.admit('192.0.2.77', stream());
    expect(big.filter((made) => made.closed)).toHaveLength(2);
  });
});
