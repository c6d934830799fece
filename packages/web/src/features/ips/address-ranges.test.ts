import { describe, expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { prefixOf } from '@ipam/core/prefix';
import { parseAddress } from '@ipam/core/ip-address';
import { firstFreeOf, isAnycastText, jumpTarget, virtualAddress } from './address-ranges.js';

const network = parseAddress('2001:db8::')?.value ?? 0n;
const p64 = prefixOf(6, network, 64);

describe('jumpTarget', () => {
  it('starts the list at the address: the cursor is the address before it', () => {
    expect(jumpTarget(p64, ' 2001:DB8::0:5 ')).toEqual({ cursor: '2001:db8::4', address: '2001:db8::5' });
    expect(jumpTarget(p64, '2001:db8::')).toEqual({ cursor: null, address: '2001:db8::' });
    expect(jumpTarget(p64, '2001:db8::ffff:ffff:ffff:ffff')).toEqual({
      cursor: '2001:db8::ffff:ffff:ffff:fffe',
      address: '2001:db8::ffff:ffff:ffff:ffff',
    });
  });
  it('refuses text that is no address of the subnet', () => {
    for (const bad of ['', 'x', '2001:db8:1::', '10.0.0.1', 'fe80::1%eth0']) {
      expect(jumpTarget(p64, bad), bad).toEqual({ error: messages.jumpAddressInvalid('2001:db8::/64') });
    }
  });
});

describe('firstFreeOf', () => {
  it('never picks the subnet-router anycast address', () => {
    const anycast = virtualAddress('2001:db8::');
    expect(isAnycastText(p64, '2001:db8::')).toBe(true);
    expect(isAnycastText(p64, '2001:db8::1')).toBe(false);
    expect(
      firstFreeOf(p64, [
        { ...anycast, kind: 'address' },
        { kind: 'free', first: '2001:db8::1', last: '2001:db8::9', count: '9' },
      ]),
    ).toEqual(virtualAddress('2001:db8::1'));
    expect(firstFreeOf(p64, [anycast, virtualAddress('2001:db8::1')])).toEqual(virtualAddress('2001:db8::1'));
    expect(firstFreeOf(p64, [anycast])).toBeNull();
    const v4 = prefixOf(4, 0x0a000000n, 24);
    expect(firstFreeOf(v4, [virtualAddress('10.0.0.1')])).toEqual(virtualAddress('10.0.0.1'));
  });
});
