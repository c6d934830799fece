import { ROLES, roleLabels } from '@ipam/core/roles';

/** What each role may do, in a line (the Team screen's hints; docs/roles.md has the table). */
export const roleHints = {
  owner: 'Everything, billing and the account itself',
  admin: 'Members, invites, scanners, tokens, webhooks, settings',
  editor: 'Groups, subnets, addresses, approvals, plans, imports',
  viewer: 'Reads everything, changes nothing',
} as const;

/** The roles as select choices, best first; owner only for an owner, who alone may give it. */
export function roleChoices(canGiveOwner: boolean): { value: string; label: string }[] {
  return ROLES.filter((role) => canGiveOwner || role !== 'owner').map((role) => ({
    value: role,
    label: `${roleLabels[role]} — ${roleHints[role]}`,
  }));
}
