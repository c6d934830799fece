import { describe, expect, it } from 'vitest';
import { SharedStringTable } from './shared-strings.js';

describe('the shared-strings table', () => {
  it('gives back every string, those spanning its 1 MiB pages included', () => {
    const table = new SharedStringTable();
    const texts = ['', 'a', 'é'.repeat(400_000), 'ü✓'.repeat(300_000), 'x'.repeat(2_500_000), '∅', ''];
    for (const text of texts) table.add(text);
    expect(table.size).toBe(texts.length);
    texts.forEach((text, i) => expect(table.get(i)).toBe(text));
    expect([table.get(-1), table.get(texts.length), table.get(1.5), table.get(Number.NaN)]).toEqual([
      '',
      '',
      '',
      '',
    ]);
  });
});
