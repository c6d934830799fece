import { describe, expect, it } from 'vitest';
import { streamHolderOf } from './stream-holder.js';

describe('streamHolderOf', () => {
  it('is the IPv4 address, or the /64 of an IPv6 address', () => {
    expect(streamHolderOf('192.0.2.7')).toBe('192.0.2.7');
    expect(streamHolderOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(streamHolderOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(streamHolderOf('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(streamHolderOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(streamHolderOf('::1')).toBe('::/64');
    expect(streamHolderOf('not an address')).toBe('not an address');
  });
});
