import { isLoopbackHost, MAPPED_ROLES, type MappedRole } from '@ipam/core/schemas/sso-schemas';
import { z } from 'zod';

/** One pair of LDAP_GROUP_ROLES: members of `group` (a DN, or a group's name) get `role`. */
export interface GroupRole {
  group: string;
  /** admin, editor or viewer: owners are made in the app, never by a directory group. */
  role: MappedRole;
}

/** How the connection is protected: TLS from the start, StartTLS, or (loopback only) nothing. */
export type LdapTransport = 'ldaps' | 'starttls' | 'plaintext';

/** Where a user's groups come from: their `memberOf` values, or a search of group entries. */
export type LdapGroupSource =
  { kind: 'memberOf'; attribute: string } | { kind: 'search'; baseDn: string; filter: string };

/** Sign-in against an LDAP directory or Active Directory (docs/ldap.md). */
export interface LdapConfig {
  /** `ldaps://host[:port]` or `ldap://host[:port]` (then StartTLS unless plaintext is allowed). */
  url: string;
  transport: LdapTransport;
  /** PEM file of the certificate authorities to trust; null: the system's trusted authorities. */
  caFile: string | null;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  /** A filter with `{login}` where the typed user name goes (escaped per RFC 4515). */
  userFilter: string;
  /** The attribute that names a directory user for good (entryUUID, objectGUID). */
  idAttribute: string;
  emailAttribute: string;
  nameAttribute: string;
  groups: LdapGroupSource;
  groupRoles: GroupRole[];
  /** The role of a user in none of the mapped groups; null: refused. */
  defaultRole: MappedRole | null;
  /** The account directory users join. */
  accountId: string;
  /** How the login form names the directory ("Directory", "Example Corp"). */
  label: string;
  timeoutMs: number;
}

const text = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** The LDAP_* variables; every one optional here, their combination is checked by `ldapConfigOf`. */
export const ldapEnvShape = {
  LDAP_URL: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .refine(
      (value) => value === undefined || /^ldaps?:\/\/[^/?#\s]+\/?$/i.test(value),
      'must be ldaps://host[:port] or ldap://host[:port] (no path)',
    ),
  LDAP_ALLOW_PLAINTEXT: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  LDAP_CA_FILE: text,
  LDAP_BIND_DN: text,
  // Never echoed: a problem names the variable only.
  LDAP_BIND_PASSWORD: z.string().optional(),
  LDAP_BASE_DN: text,
  LDAP_USER_FILTER: text.refine(
    (value) => value === undefined || (value.includes('{login}') && /^\(.*\)$/.test(value)),
    'must be a filter in parentheses with {login} where the user name goes, e.g. (uid={login})',
  ),
  LDAP_ID_ATTRIBUTE: text,
  LDAP_EMAIL_ATTRIBUTE: text,
  LDAP_NAME_ATTRIBUTE: text,
  LDAP_GROUP_SOURCE: z
    .enum(['memberOf', 'search'], { error: 'must be memberOf or search' })
    .default('memberOf'),
  LDAP_MEMBER_OF_ATTRIBUTE: text,
  LDAP_GROUP_BASE_DN: text,
  LDAP_GROUP_FILTER: text.refine(
    (value) =>
      value === undefined ||
      ((value.includes('{dn}') || value.includes('{login}')) && /^\(.*\)$/.test(value)),
    'must be a filter in parentheses with {dn} or {login}, e.g. (member={dn})',
  ),
  LDAP_GROUP_ROLES: text,
  LDAP_DEFAULT_ROLE: z
    .enum(['none', ...MAPPED_ROLES], { error: 'must be none, viewer, editor or admin' })
    .default('none'),
  LDAP_ACCOUNT_ID: text,
  LDAP_LABEL: text,
  LDAP_TIMEOUT_SECONDS: z.coerce.number().int().positive().max(120).default(10),
};

type LdapEnv = z.output<ReturnType<typeof z.object<typeof ldapEnvShape>>>;

const groupRolesProblem =
  'LDAP_GROUP_ROLES: must be role:group pairs separated by ";" with roles admin, editor or viewer, ' +
  'e.g. "admin:net-admins; viewer:cn=net-ro,ou=groups,dc=example,dc=org"';

/** Reads LDAP_GROUP_ROLES ("admin:net-admins; viewer:cn=net-ro,ou=groups,dc=example,dc=org"); null when malformed. */
export function parseGroupRoles(value: string): GroupRole[] | null {
  const pairs = value
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const result: GroupRole[] = [];
  for (const pair of pairs) {
    const colon = pair.indexOf(':');
    const role = pair.slice(0, colon).trim().toLowerCase();
    const group = pair.slice(colon + 1).trim();
    const known = MAPPED_ROLES.find((r) => r === role);
    if (colon < 0 || !known || group === '') return null;
    result.push({ group, role: known });
  }
  return result.length > 0 ? result : null;
}

/** The variables that mean nothing without LDAP_URL (those with defaults are left out). */
const settingsNeedingUrl = [
  'LDAP_CA_FILE',
  'LDAP_BIND_DN',
  'LDAP_BIND_PASSWORD',
  'LDAP_BASE_DN',
  'LDAP_USER_FILTER',
  'LDAP_ID_ATTRIBUTE',
  'LDAP_EMAIL_ATTRIBUTE',
  'LDAP_NAME_ATTRIBUTE',
  'LDAP_MEMBER_OF_ATTRIBUTE',
  'LDAP_GROUP_BASE_DN',
  'LDAP_GROUP_FILTER',
  'LDAP_GROUP_ROLES',
  'LDAP_ACCOUNT_ID',
  'LDAP_LABEL',
] as const satisfies readonly (keyof LdapEnv)[];

/**
 * The LDAP sign-in configuration from the parsed variables (null when LDAP_URL is unset), adding a
 * line to `problems` for every missing or contradicting one.
 */
export function ldapConfigOf(e: LdapEnv, problems: string[]): LdapConfig | null {
  const url = e.LDAP_URL;
  if (url === undefined) {
    const set = settingsNeedingUrl.filter((name) => e[name] !== undefined);
    if (set.length > 0) problems.push(`LDAP_URL: needed by ${set.join(', ')} (or unset them)`);
    return null;
  }
  const required = ['LDAP_BIND_DN', 'LDAP_BIND_PASSWORD', 'LDAP_BASE_DN', 'LDAP_ACCOUNT_ID'] as const;
  for (const name of required) if (!e[name]) problems.push(`${name}: needed with LDAP_URL`);
  const groupRoles = e.LDAP_GROUP_ROLES ? parseGroupRoles(e.LDAP_GROUP_ROLES) : null;
  if (!groupRoles) problems.push(groupRolesProblem);
  const isLdaps = url.toLowerCase().startsWith('ldaps://');
  const allowPlaintext = e.LDAP_ALLOW_PLAINTEXT === 'true';
  if (allowPlaintext && isLdaps) problems.push('LDAP_ALLOW_PLAINTEXT: only for an ldap:// URL');
  if (allowPlaintext && !isLoopbackHost(new URL(url).hostname)) {
    problems.push('LDAP_ALLOW_PLAINTEXT: only for a directory on this machine (127.0.0.1, ::1, localhost)');
  }
  if (e.LDAP_GROUP_SOURCE === 'memberOf' && (e.LDAP_GROUP_BASE_DN || e.LDAP_GROUP_FILTER)) {
    problems.push('LDAP_GROUP_SOURCE: set it to search to use LDAP_GROUP_BASE_DN and LDAP_GROUP_FILTER');
  }
  if (!e.LDAP_BIND_DN || !e.LDAP_BIND_PASSWORD || !e.LDAP_BASE_DN || !e.LDAP_ACCOUNT_ID || !groupRoles) {
    return null;
  }
  const groups: LdapGroupSource =
    e.LDAP_GROUP_SOURCE === 'search'
      ? {
          kind: 'search',
          baseDn: e.LDAP_GROUP_BASE_DN ?? e.LDAP_BASE_DN,
          filter: e.LDAP_GROUP_FILTER ?? '(member={dn})',
        }
      : { kind: 'memberOf', attribute: e.LDAP_MEMBER_OF_ATTRIBUTE ?? 'memberOf' };
  return {
    url: url.replace(/\/$/, ''),
    transport: isLdaps ? 'ldaps' : allowPlaintext ? 'plaintext' : 'starttls',
    caFile: e.LDAP_CA_FILE ?? null,
    bindDn: e.LDAP_BIND_DN,
    bindPassword: e.LDAP_BIND_PASSWORD,
    baseDn: e.LDAP_BASE_DN,
    userFilter: e.LDAP_USER_FILTER ?? '(uid={login})',
    idAttribute: e.LDAP_ID_ATTRIBUTE ?? 'entryUUID',
    emailAttribute: e.LDAP_EMAIL_ATTRIBUTE ?? 'mail',
    nameAttribute: e.LDAP_NAME_ATTRIBUTE ?? 'cn',
    groups,
    groupRoles,
    defaultRole: e.LDAP_DEFAULT_ROLE === 'none' ? null : e.LDAP_DEFAULT_ROLE,
    accountId: e.LDAP_ACCOUNT_ID,
    label: e.LDAP_LABEL ?? 'Directory',
    timeoutMs: e.LDAP_TIMEOUT_SECONDS * 1000,
  };
}
