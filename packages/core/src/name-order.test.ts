import { describe, expect, it } from 'vitest';
import { compareNames, sortedByName } from './name-order.js';

describe('compareNames', () => {
  it('ignores ASCII case', () => expect(compareNames('alpha', 'Beta')).toBeLessThan(0));
  it('ignores non-ASCII case', () => expect(compareNames('Éb', 'éa')).toBeGreaterThan(0));
  it('puts upper case first between names equal but for case', () => {
    expect(compareNames('Lab', 'lab')).toBeLessThan(0);
  });
  it('keeps punctuation significant', () => expect(compareNames('a-c', 'ab')).toBeLessThan(0));
  it('answers 0 for the same name', () => expect(compareNames('Lab', 'Lab')).toBe(0));
});

describe('sortedByName', () => {
  it('sorts by name, then by id, without changing its input', () => {
    const items = [
      { id: '2', name: 'lab' },
      { id: '1', name: 'Zulu' },
      { id: '3', name: 'lab' },
      { id: '0', name: 'Éb' },
      { id: '4', name: 'éa' },
    ];
    expect(sortedByName(items).map((item) => item.id)).toEqual(['2', '3', '1', '4', '0']);
    expect(items[0]?.id).toBe('2');
  });
});
