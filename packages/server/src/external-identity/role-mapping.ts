import { MAPPED_ROLES, type MappedRole, type RoleRule } from '@ipam/core/schemas/sso-schemas';
import { hasRole, roleLabels } from '@ipam/core/roles';

export type { MappedRole, RoleRule };

/** How a provider's groups become a role in its account. */
export interface RoleMapping {
  rules: readonly RoleRule[];
  /** The role when no rule matches; null: no access (the sign-in is refused). */
  defaultRole: MappedRole | null;
}

/** Group names compare as directories do: without surrounding spaces, in any letter case. */
function groupKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * The role the groups give: of every rule whose group the person is in, the highest role wins (rule
 * order does not matter); none matching gives the default role, which may be null (no access).
 */
export function mapRole(groups: readonly string[], mapping: RoleMapping): MappedRole | null {
  const held = new Set(groups.map(groupKey));
  let best: MappedRole | null = null;
  for (const rule of mapping.rules) {
    if (!held.has(groupKey(rule.group))) continue;
    if (best === null || !hasRole(best, rule.role)) best = rule.role;
  }
  return best ?? mapping.defaultRole;
}

/** Whether a text names a role a mapping may give. */
function isMappedRole(text: string): text is MappedRole {
  return (MAPPED_ROLES as readonly string[]).includes(text);
}

/**
 * Reads the operator's mapping text, `group=role` pairs separated by commas or semicolons
 * (`net-admins=admin, net-rw=editor, net-ro=viewer`); a group name may hold spaces but no `=`, `,`
 * or `;`. Answers the rules, or the problem with the first bad pair.
 */
export function parseRoleMappingText(text: string): { rules: RoleRule[] } | { problem: string } {
  const rules: RoleRule[] = [];
  for (const pair of text.split(/[,;]/)) {
    if (pair.trim() === '') continue;
    const parts = pair.split('=').map((part) => part.trim());
    const [group = '', role = ''] = parts;
    if (group === '' || parts.length !== 2) return { problem: `"${pair.trim()}" is not group=role` };
    if (!isMappedRole(role)) return { problem: `"${pair.trim()}": the role must be admin, editor or viewer` };
    rules.push({ group, role });
  }
  return { rules };
}

/** The mapping in words for History: "net-ro → Viewer, net-rw → Editor". */
export function describeRoleMapping(rules: readonly RoleRule[]): string {
  if (rules.length === 0) return '(no rules)';
  return rules.map((rule) => `${rule.group} → ${roleLabels[rule.role]}`).join(', ');
}
