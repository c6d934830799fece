import { describe, expect, it } from 'vitest';
import { hostCountText } from './host-count-text.js';

describe('hostCountText (the table’s Usable Hosts, issue 29)', () => {
  it('groups counts up to ten digits', () => {
    expect(hostCountText('254')).toEqual({ text: '254', exact: '254' });
    expect(hostCountText('16777214')).toEqual({ text: '16,777,214', exact: '16,777,214' });
    expect(hostCountText('4294967296')).toEqual({ text: '4,294,967,296', exact: '4,294,967,296' });
  });

  it('writes a larger power of two as 2ⁿ and keeps the exact number', () => {
    expect(hostCountText('18446744073709551616')).toEqual({
      text: '2⁶⁴',
      exact: '18,446,744,073,709,551,616',
    });
    expect(hostCountText((1n << 127n).toString())).toMatchObject({ text: '2¹²⁷' });
  });

  it('groups a large count that is no power of two', () => {
    expect(hostCountText('18446744073709551617').text).toBe('18,446,744,073,709,551,617');
  });
});
