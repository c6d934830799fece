import { messages } from '@ipam/core/messages';
import { describe, expect, it } from 'vitest';
import { panelButtonReasons, panelTexts } from './panel-rules.js';

const free = { tier: 0, maxnetworks: 2, subnetCount: 0, groupCount: 1, hasSelectedSubnet: true };

describe('panel button reasons', () => {
  it('allows IPv4 on the free tier but not IPv6', () => {
    expect(panelButtonReasons(free)).toEqual({ ipv4: null, ipv6: messages.ipv6NotInTier, editSubnet: null });
  });

  it('names the limit with its number once it is reached', () => {
    const full = panelButtonReasons({ ...free, tier: 1, maxnetworks: 10, subnetCount: 10 });
    expect(full.ipv4).toBe(messages.subnetLimitReached(10));
    expect(full.ipv6).toBe(messages.subnetLimitReached(10));
  });

  it('asks for a group first, and for a selected subnet before editing', () => {
    const reasons = panelButtonReasons({ ...free, tier: 2, groupCount: 0, hasSelectedSubnet: false });
    expect(reasons).toEqual({
      ipv4: panelTexts.noGroupYet,
      ipv6: panelTexts.noGroupYet,
      editSubnet: panelTexts.noSubnetSelected,
    });
  });
});
