import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import {
  checkSubnetPrefixForTier,
  hasIPv6,
  hasScanners,
  hasSupportTickets,
  ipv4PrefixChoices,
  ipv6PrefixChoices,
  tierDefaults,
  tierName,
} from './tiers.js';

describe('tierName', () => {
  it.each([
    [0, 'Free'],
    [1, 'Basic'],
    [2, 'Business'],
    [3, 'Enterprise'],
    [4, 'Custom'],
    [5, 'Unknown'],
    [-1, 'Unknown'],
    [1.5, 'Unknown'],
  ])('names tier %s %s', (tier, name) => {
    expect(tierName(tier)).toBe(name);
  });
});

describe('tierDefaults', () => {
  it('gives Free 2 networks and 2 users', () => {
    expect(tierDefaults(0)).toMatchObject({ maxnetworks: 2, maxusers: 2 });
  });

  it('gives Basic 10 networks and 5 users', () => {
    expect(tierDefaults(1)).toMatchObject({ maxnetworks: 10, maxusers: 5 });
  });

  it('gives Business 50 networks and 20 users', () => {
    expect(tierDefaults(2)).toMatchObject({ maxnetworks: 50, maxusers: 20 });
  });

  it('gives Enterprise 500 networks and 100 users', () => {
    expect(tierDefaults(3)).toMatchObject({ maxnetworks: 500, maxusers: 100 });
  });

  it('leaves Custom limits to the account', () => {
    expect(tierDefaults(4)).toMatchObject({ maxnetworks: null, maxusers: null });
  });
});

describe('prefix choices', () => {
  it('offers Free nine IPv4 lengths, /24 to /32', () => {
    expect(ipv4PrefixChoices(0)).toEqual([24, 25, 26, 27, 28, 29, 30, 31, 32]);
  });

  it('offers a paid tier 25 IPv4 lengths from /8 to /32', () => {
    const choices = ipv4PrefixChoices(2);
    expect([choices.length, choices[0], choices.at(-1)]).toEqual([25, 8, 32]);
  });

  it('offers a paid tier 21 IPv6 lengths from /104 to /124', () => {
    const choices = ipv6PrefixChoices(1);
    expect([choices.length, choices[0], choices.at(-1)]).toEqual([21, 104, 124]);
  });

  it('offers Free no IPv6 lengths', () => {
    expect(ipv6PrefixChoices(0)).toEqual([]);
  });

  it('treats an unknown tier like Free', () => {
    expect(ipv4PrefixChoices(9)).toEqual(ipv4PrefixChoices(0));
  });
});

describe('features by tier', () => {
  it('gives Free no scanners, support tickets or IPv6', () => {
    expect([hasScanners(0), hasSupportTickets(0), hasIPv6(0)]).toEqual([false, false, false]);
  });

  it('gives every paid tier scanners, support tickets and IPv6', () => {
    expect([1, 2, 3, 4].every((tier) => hasScanners(tier) && hasSupportTickets(tier) && hasIPv6(tier))).toBe(
      true,
    );
  });
});

describe('checkSubnetPrefixForTier', () => {
  it("refuses IPv6 on Free with the spec's message", () => {
    expect(checkSubnetPrefixForTier(0, 6, 120)).toEqual({
      code: 'ipv6_not_in_tier',
      message: 'IPv6 subnets are not available for your tier.',
    });
  });

  it('refuses a /16 on Free', () => {
    expect(checkSubnetPrefixForTier(0, 4, 16)).toEqual({
      code: 'prefix_not_in_tier',
      message: messages.ipv4PrefixNotInTier(24, 32),
    });
  });

  it('allows a /24 on Free', () => {
    expect(checkSubnetPrefixForTier(0, 4, 24)).toBeNull();
  });

  it('allows a /8 on Basic', () => {
    expect(checkSubnetPrefixForTier(1, 4, 8)).toBeNull();
  });

  it('refuses a /7 on Enterprise', () => {
    expect(checkSubnetPrefixForTier(3, 4, 7)?.code).toBe('prefix_not_in_tier');
  });

  it('allows an IPv6 /104 on Basic', () => {
    expect(checkSubnetPrefixForTier(1, 6, 104)).toBeNull();
  });

  it('refuses an IPv6 /64 on Business', () => {
    expect(checkSubnetPrefixForTier(2, 6, 64)).toEqual({
      code: 'prefix_not_in_tier',
      message: messages.ipv6PrefixNotInTier(104, 124),
    });
  });

  it('refuses an IPv6 /125 on Custom', () => {
    expect(checkSubnetPrefixForTier(4, 6, 125)?.code).toBe('prefix_not_in_tier');
  });
});
