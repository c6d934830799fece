import { describe, expect, it } from 'vitest';
import { canonicalMac, macAddressSchema } from './mac-address.js';

describe('macAddressSchema', () => {
  it.each([
    ['aa:bb:cc:dd:ee:ff', 'aa:bb:cc:dd:ee:ff'],
    ['AA:BB:CC:DD:EE:0F', 'aa:bb:cc:dd:ee:0f'],
    ['aa-bb-cc-dd-ee-ff', 'aa:bb:cc:dd:ee:ff'],
    ['AABB.CCDD.EEFF', 'aa:bb:cc:dd:ee:ff'],
    ['aabbccddeeff', 'aa:bb:cc:dd:ee:ff'],
    [' 00:11:22:33:44:55 ', '00:11:22:33:44:55'],
  ])('reads %s as %s', (text, mac) => {
    expect(macAddressSchema.parse(text)).toBe(mac);
  });

  it.each([
    '',
    'zz:bb:cc:dd:ee:ff',
    'aa:bb:cc:dd:ee',
    'aa:bb-cc:dd:ee:ff',
    'aabb.ccdd.eeff.0011',
    'aa:bb:cc:dd:ee:ff:00',
  ])('refuses %j with the MAC message', (text) => {
    const result = macAddressSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^MAC address must be six bytes/);
  });

  it('answers null for text that is no MAC', () => {
    expect(canonicalMac('not a mac')).toBeNull();
  });
});
