import { describe, expect, it } from 'vitest';
import { addTags, isTagKey } from './tag-input.js';

describe('PL-48, PL-102 tag entry', () => {
  it("stores 'Lab, LAB, lab ' as ['lab']", () => {
    expect(addTags([], 'Lab, LAB, lab ')).toEqual({ tags: ['lab'], rest: '', error: null });
  });

  it('ignores a tag already there and empty pieces', () => {
    expect(addTags(['site'], ' SITE ,, new').tags).toEqual(['site', 'new']);
  });

  it('refuses a 21-character tag and keeps the typed text', () => {
    const entry = addTags(['a'], 'x'.repeat(21));
    expect(entry).toEqual({
      tags: ['a'],
      rest: 'x'.repeat(21),
      error: 'A tag can be at most 20 characters.',
    });
    expect(addTags([], 'x'.repeat(20)).error).toBeNull();
  });

  it('refuses an 11th tag', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(addTags(ten, 'eleven').error).toBe('A plan can have at most 10 tags.');
    expect(addTags(ten, 't3').error).toBeNull();
  });

  it('Enter and comma add a tag (S42)', () => {
    expect(isTagKey('Enter')).toBe(true);
    expect(isTagKey(',')).toBe(true);
    expect(isTagKey('a')).toBe(false);
  });
});
