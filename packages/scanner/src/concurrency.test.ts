import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { chunks, mapWithLimit } from './concurrency.js';

describe('mapWithLimit', () => {
  it('keeps the input order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithLimit([5, 1, 4, 2, 3, 0, 2], 3, async (ms, index) => {
      running++;
      most = Math.max(most, running);
      await delay(ms);
      running--;
      return `${index}:${ms}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3', '5:0', '6:2']);
    expect(most).toBe(3);
  });

  it('maps an empty list to an empty list', async () => {
    expect(await mapWithLimit([], 4, () => Promise.resolve(1))).toEqual([]);
  });
});

describe('chunks', () => {
  it('splits into runs of at most the size, and gives one empty chunk for nothing', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([1, 2], 2)).toEqual([[1, 2]]);
    expect(chunks([], 2)).toEqual([[]]);
  });
});
