import { messages } from '@ipam/core/messages';
import { hasIPv6 } from '@ipam/core/tiers';

/** Our own texts for reasons the spec names but does not word. */
export const panelTexts = {
  noGroupYet: 'Create a group first: every subnet belongs to a group.',
  noSubnetSelected: 'Select a subnet to edit it.',
} as const;

/** What the panel knows about the account. */
export interface PanelFacts {
  tier: number;
  maxnetworks: number;
  subnetCount: number;
  groupCount: number;
  hasSelectedSubnet: boolean;
}

/** Why each panel button cannot be used now (null: it can), in the order a user would fix them. */
export function panelButtonReasons(facts: PanelFacts) {
  const limit =
    facts.subnetCount >= facts.maxnetworks ? messages.subnetLimitReached(facts.maxnetworks) : null;
  const noGroup = facts.groupCount === 0 ? panelTexts.noGroupYet : null;
  return {
    ipv4: limit ?? noGroup,
    ipv6: (hasIPv6(facts.tier) ? null : messages.ipv6NotInTier) ?? limit ?? noGroup,
    editSubnet: facts.hasSelectedSubnet ? null : panelTexts.noSubnetSelected,
  };
}
