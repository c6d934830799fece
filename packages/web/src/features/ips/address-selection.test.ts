import { describe, expect, it } from 'vitest';
import {
  addRange,
  allMatching,
  allMatchingProblem,
  bulkLimitProblem,
  isRowSelected,
  NO_SELECTION,
  rangeOf,
  selectedCount,
  toggleRow,
} from './address-selection.js';

describe('the address table selection', () => {
  it('toggles rows one by one and remembers the last one clicked as the anchor', () => {
    const one = toggleRow(NO_SELECTION, 4, '10.0.0.5');
    const two = toggleRow(one, 9, '10.0.0.10');
    expect([...two.addresses]).toEqual(['10.0.0.5', '10.0.0.10']);
    expect(two.anchor).toEqual({ index: 9, ip: '10.0.0.10' });
    const again = toggleRow(two, 4, '10.0.0.5');
    expect([...again.addresses]).toEqual(['10.0.0.10']);
    expect(selectedCount(again, 254)).toBe(1);
  });

  it('selects a shift-click range from the anchor, upwards or downwards', () => {
    const anchored = toggleRow(NO_SELECTION, 10, '10.0.0.11');
    expect(rangeOf(anchored, 13)).toEqual({ from: 10, to: 13 });
    expect(rangeOf(anchored, 7)).toEqual({ from: 7, to: 10 });
    expect(rangeOf(NO_SELECTION, 7)).toBeNull();
    const ranged = addRange(anchored, ['10.0.0.12', '10.0.0.13'], { index: 12, ip: '10.0.0.13' });
    expect([...ranged.addresses]).toEqual(['10.0.0.11', '10.0.0.12', '10.0.0.13']);
    expect(ranged.anchor?.index).toBe(12);
  });

  it('selects every matching address at once, and a click starts over from there', () => {
    const all = allMatching();
    expect(selectedCount(all, 254)).toBe(254);
    expect(isRowSelected(all, '10.0.0.99')).toBe(true);
    const one = toggleRow(all, 0, '10.0.0.1');
    expect(one.isAllMatching).toBe(false);
    expect([...one.addresses]).toEqual(['10.0.0.1']);
  });

  it('says when a selection is more than one bulk change takes', () => {
    expect(bulkLimitProblem(4096)).toBeNull();
    expect(bulkLimitProblem(4097)).toContain('4,097 addresses selected: one bulk change takes at most 4,096');
    expect(allMatchingProblem(65_534)).toContain('65,534 addresses match');
    expect(allMatchingProblem(254)).toBeNull();
  });
});
