import { describe, expect, it } from 'vitest';
import { chunks } from './chunks.js';

describe('chunks', () => {
  it('splits into runs of at most the size, and gives one empty chunk for nothing', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([1, 2], 2)).toEqual([[1, 2]]);
    expect(chunks([], 2)).toEqual([[]]);
  });
});
