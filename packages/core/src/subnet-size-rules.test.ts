import { describe, expect, it } from 'vitest';
import {
  checkPrefixForKind,
  formatPrefixRange,
  minimumPrefixLength,
  parsePrefixRange,
} from './subnet-size-rules.js';
import { checkSubnetPrefixForTier, ipv6PrefixChoices, ipv6PrefixRange } from './tiers.js';

describe('the leaf minimum', () => {
  it('keeps IPv6 leaves at /64 or longer; containers and IPv4 have no such floor', () => {
    expect(minimumPrefixLength(6)).toBe(64);
    expect(minimumPrefixLength(6, 'leaf')).toBe(64);
    expect(minimumPrefixLength(6, 'container')).toBe(0);
    expect(minimumPrefixLength(4)).toBe(0);
    expect(checkPrefixForKind(6, 64)).toBeNull();
    expect(checkPrefixForKind(6, 128)).toBeNull();
    expect(checkPrefixForKind(6, 63)).toEqual({
      code: 'ipv6_leaf_too_large',
      message:
        'An IPv6 subnet that holds addresses can be at most a /64: choose a prefix length from 64 to 128.',
    });
    expect(checkPrefixForKind(6, 32, 'container')).toBeNull();
    expect(checkPrefixForKind(4, 8)).toBeNull();
  });
});

describe('parsePrefixRange', () => {
  it('reads MIN-MAX from 0 to 128, the shorter first', () => {
    expect(parsePrefixRange('32-128')).toEqual({ min: 32, max: 128 });
    expect(parsePrefixRange(' 64 - 64 ')).toEqual({ min: 64, max: 64 });
    expect(parsePrefixRange('0-128')).toEqual({ min: 0, max: 128 });
    expect(formatPrefixRange({ min: 32, max: 128 })).toBe('32-128');
  });
  it('refuses anything else', () => {
    for (const bad of ['', '64', '128-32', '0-129', '-1-5', '32-128-130', 'a-b', '32..128', '1e2-128']) {
      expect(parsePrefixRange(bad), bad).toBeNull();
    }
  });
});

describe("the account's IPv6 range", () => {
  it('is the spec range unless the operator set one, and none on Free', () => {
    expect(ipv6PrefixRange(1)).toEqual({ min: 104, max: 124 });
    expect(ipv6PrefixRange(2, { min: 32, max: 128 })).toEqual({ min: 32, max: 128 });
    expect(ipv6PrefixRange(0, { min: 32, max: 128 })).toBeNull();
    expect(ipv6PrefixChoices(1, { min: 60, max: 66 })).toEqual([60, 61, 62, 63, 64, 65, 66]);
    expect(checkSubnetPrefixForTier(1, 6, 64, { min: 32, max: 128 })).toBeNull();
    expect(checkSubnetPrefixForTier(1, 6, 64)?.message).toBe('IPv6 prefixes must be from /104 to /124.');
    expect(checkSubnetPrefixForTier(1, 6, 30, { min: 32, max: 128 })?.message).toBe(
      'IPv6 prefixes must be from /32 to /128.',
    );
  });
});
