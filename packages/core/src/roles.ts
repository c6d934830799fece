/**
 * Roles per account (issue 34, docs/roles.md): each may do what the ones below it may, and more.
 * The server checks a route's minimum role (the route table's `minRole`, else `defaultRoleOf`); the
 * web app repeats the check only to hide what a role cannot do.
 */
export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** How a role reads to people, in messages and the Team screen. */
export const roleLabels: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};

const rank: Readonly<Record<Role, number>> = { owner: 3, admin: 2, editor: 1, viewer: 0 };

/** Whether a caller holding `held` may do what needs `needed`. */
export function hasRole(held: Role, needed: Role): boolean {
  return rank[held] >= rank[needed];
}

/** The lower of two roles (an API token acts with at most its maker's role). */
export function lowerRole(a: Role, b: Role): Role {
  return rank[a] <= rank[b] ? a : b;
}

/** Whether a stored text is a role (rows are read as text). */
export function isRole(text: string): text is Role {
  return (ROLES as readonly string[]).includes(text);
}

/** The minimum role of a route that states none: reading is a viewer's, writing an editor's. */
export function defaultRoleOf(method: string): Role {
  return method === 'GET' || method === 'HEAD' ? 'viewer' : 'editor';
}

/** The minimum role of a route of the table. */
export function requiredRoleOf(route: { method: string; minRole?: Role | undefined }): Role {
  return route.minRole ?? defaultRoleOf(route.method);
}

/**
 * Whether an editor limited to `limitIds` may edit inside the group: it is one of them or inside one
 * (walking up its parents; `parentOf` answers a group's parent, null or '' at the top). No limits:
 * every group.
 */
export function isInsideGroups(
  groupId: string,
  limitIds: readonly string[],
  parentOf: (groupId: string) => string | null | undefined,
): boolean {
  if (limitIds.length === 0) return true;
  const seen = new Set<string>();
  for (let id: string | null | undefined = groupId; id && !seen.has(id); id = parentOf(id)) {
    if (limitIds.includes(id)) return true;
    seen.add(id);
  }
  return false;
}
