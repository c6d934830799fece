import { describe, expect, it } from 'vitest';
import { compareCodePoints, compareNames, FOLDED_PART_END, nameSortKey, sortedByName } from './name-order.js';

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

describe('nameSortKey', () => {
  const names = [
    'lab',
    'Lab',
    'LAB',
    'lab-2',
    'lab2',
    'Éb',
    'éa',
    'zulu',
    'Zu',
    'z\u{1F600}',
    'z\uFFFD',
    'a',
    '',
  ];

  it('orders as compareNames does when its keys are compared byte by byte (UTF-8)', () => {
    const byKeyBytes = [...names].sort((x, y) =>
      Buffer.compare(Buffer.from(nameSortKey(x), 'utf8'), Buffer.from(nameSortKey(y), 'utf8')),
    );
    expect(byKeyBytes).toEqual([...names].sort(compareNames));
    expect(byKeyBytes.slice(0, 5)).toEqual(['', 'a', 'LAB', 'Lab', 'lab']);
  });

  it('puts a code point past U+FFFF after U+FFFD, as UTF-8 does', () => {
    expect(compareCodePoints('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect('\u{1F600}' < '\uFFFD').toBe(true);
  });

  it('keeps a match inside the folded part with FOLDED_PART_END', () => {
    expect(nameSortKey('Core-LAN').endsWith('Core-LAN')).toBe(true);
    expect(nameSortKey('Core-LAN').startsWith('core-lan')).toBe(true);
    expect(FOLDED_PART_END.endsWith('%')).toBe(true);
  });
});
