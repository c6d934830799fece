import type { GroupRole } from '../config/ldap-env.js';

/** A DN compared loosely: lower case, no spaces around `,` and `=` (directories differ in both). */
export function normaliseDn(dn: string): string {
  return dn
    .trim()
    .replace(/\s*([,=])\s*/g, '$1')
    .toLowerCase();
}

/** The value of a DN's first part: `net-ro` for `cn=net-ro,ou=groups,dc=example,dc=org`. */
export function groupNameOf(dn: string): string {
  const first = dn.match(/^[^=]*=((?:\\.|[^,\\])*)/)?.[1] ?? '';
  return first.replace(/\\(.)/g, '$1').trim();
}

/**
 * Whether the configured group (a DN when it holds `=`, else a group's name) is the group `dn`.
 * A name matches the first part of the group's DN, in any letter case.
 */
export function isConfiguredGroup(configured: string, dn: string): boolean {
  if (configured.includes('=')) return normaliseDn(configured) === normaliseDn(dn);
  return groupNameOf(dn).toLowerCase() === configured.trim().toLowerCase();
}

/** The configured groups (as written in LDAP_GROUP_ROLES) that a user in `groupDns` belongs to. */
export function configuredGroupsOf(groupDns: readonly string[], groupRoles: readonly GroupRole[]): string[] {
  return groupRoles
    .filter((mapping) => groupDns.some((dn) => isConfiguredGroup(mapping.group, dn)))
    .map((mapping) => mapping.group);
}
