import type { Account } from '@ipam/core/api/account';
import { hasRole, isInsideGroups, type Role } from '@ipam/core/roles';
import { useCurrentAccount } from './auth.js';
import { useGroups } from './groups/get-groups.js';

/** What the caller may do in the current account; the server decides, screens only hide what it refuses. */
export interface Can {
  /** The caller's role; null when they have no account. */
  role: Role | null;
  /** Whether the caller holds this role or a higher one (`can('admin')`: members, tokens, settings). */
  can(needed: Role): boolean;
  /** Whether the caller may change this group and what is inside it (an editor limited to groups). */
  canEditIn(groupId: string | null | undefined): boolean;
  /** Whether the caller may make changes across the account (not an editor limited to groups). */
  canEditAll: boolean;
}

/** `Can` for an account and its groups' parents (pure: the hook below and tests use it). */
export function canOf(
  account: Pick<Account, 'role' | 'groupIds'> | undefined,
  parentOf: (id: string) => string | null | undefined,
): Can {
  const role = account?.role ?? null;
  const can = (needed: Role) => role !== null && hasRole(role, needed);
  const limits = account?.role === 'editor' ? account.groupIds : [];
  return {
    role,
    can,
    canEditIn: (groupId) =>
      can('editor') && (limits.length === 0 || (!!groupId && isInsideGroups(groupId, limits, parentOf))),
    canEditAll: can('editor') && limits.length === 0,
  };
}

/**
 * What the signed-in user may do in the current account (role and, for a limited editor, their groups):
 * the one place screens ask before showing an edit, add or delete button (docs/roles.md).
 */
export function useCan(): Can {
  const account = useCurrentAccount();
  const isLimited = account?.role === 'editor' && account.groupIds.length > 0;
  // Only a limited editor needs the groups' parents; the list is cached and live like every screen's.
  const groups = useGroups(account?.id ?? '', { isEnabled: isLimited });
  const parents = new Map((groups.data ?? []).map((group) => [group.id, group.parentId]));
  return canOf(account, (id) => parents.get(id));
}
