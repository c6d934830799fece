import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './env.js';
import { parseGroupRoles } from './ldap-env.js';

const minimal = {
  LDAP_URL: 'ldaps://dc1.corp.example',
  LDAP_BIND_DN: 'cn=ipam,ou=services,dc=corp,dc=example',
  LDAP_BIND_PASSWORD: 'service secret',
  LDAP_BASE_DN: 'dc=corp,dc=example',
  LDAP_GROUP_ROLES: 'admin:net-admins; viewer:cn=net-ro,ou=groups,dc=corp,dc=example',
  LDAP_ACCOUNT_ID: 'acc-1',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('LDAP configuration', () => {
  it('is off without LDAP_URL', () => expect(parseConfig({}).ldap).toBeNull());

  it('reads the minimal settings with their defaults', () => {
    expect(parseConfig(minimal).ldap).toEqual({
      url: 'ldaps://dc1.corp.example',
      transport: 'ldaps',
      caFile: null,
      bindDn: 'cn=ipam,ou=services,dc=corp,dc=example',
      bindPassword: 'service secret',
      baseDn: 'dc=corp,dc=example',
      userFilter: '(uid={login})',
      idAttribute: 'entryUUID',
      emailAttribute: 'mail',
      nameAttribute: 'cn',
      groups: { kind: 'memberOf', attribute: 'memberOf' },
      groupRoles: [
        { group: 'net-admins', role: 'admin' },
        { group: 'cn=net-ro,ou=groups,dc=corp,dc=example', role: 'viewer' },
      ],
      defaultRole: null,
      accountId: 'acc-1',
      label: 'Directory',
      timeoutMs: 10_000,
    });
  });

  it('uses StartTLS for ldap://', () =>
    expect(parseConfig({ ...minimal, LDAP_URL: 'ldap://dc1.corp.example:389' }).ldap?.transport).toBe(
      'starttls',
    ));

  it('reads a group search', () =>
    expect(
      parseConfig({ ...minimal, LDAP_GROUP_SOURCE: 'search', LDAP_GROUP_FILTER: '(memberUid={login})' }).ldap
        ?.groups,
    ).toEqual({ kind: 'search', baseDn: 'dc=corp,dc=example', filter: '(memberUid={login})' }));

  it('allows plaintext only to a directory on this machine', () => {
    expect(
      parseConfig({ ...minimal, LDAP_URL: 'ldap://127.0.0.1:3389', LDAP_ALLOW_PLAINTEXT: 'true' }).ldap
        ?.transport,
    ).toBe('plaintext');
    expect(
      problemsOf({ ...minimal, LDAP_URL: 'ldap://dc1.corp.example', LDAP_ALLOW_PLAINTEXT: 'true' }),
    ).toEqual(['LDAP_ALLOW_PLAINTEXT: only for a directory on this machine (127.0.0.1, ::1, localhost)']);
  });

  it('names every missing setting and never echoes the bind password', () => {
    const problems = problemsOf({ LDAP_URL: 'ldap://dc1', LDAP_BIND_PASSWORD: 'hunter2-secret' });
    expect(problems).toEqual([
      'LDAP_BIND_DN: needed with LDAP_URL',
      'LDAP_BASE_DN: needed with LDAP_URL',
      'LDAP_ACCOUNT_ID: needed with LDAP_URL',
      expect.stringMatching(/^LDAP_GROUP_ROLES: must be role:group pairs/),
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('refuses settings without LDAP_URL', () =>
    expect(problemsOf({ LDAP_BASE_DN: 'dc=x' })).toEqual([
      'LDAP_URL: needed by LDAP_BASE_DN (or unset them)',
    ]));

  it('refuses a URL with a path, and a filter without {login}', () =>
    expect(problemsOf({ ...minimal, LDAP_URL: 'ldaps://dc1/dc=x', LDAP_USER_FILTER: '(uid=alice)' })).toEqual(
      [
        'LDAP_URL: must be ldaps://host[:port] or ldap://host[:port] (no path)',
        'LDAP_USER_FILTER: must be a filter in parentheses with {login} where the user name goes, e.g. (uid={login})',
      ],
    ));
});

describe('parseGroupRoles', () => {
  it('reads pairs split by ; or new lines', () =>
    expect(parseGroupRoles('editor:net-rw\nviewer : net-ro;')).toEqual([
      { group: 'net-rw', role: 'editor' },
      { group: 'net-ro', role: 'viewer' },
    ]));
  it('refuses the owner role (owners are made in the app)', () =>
    expect(parseGroupRoles('owner:net-admins')).toBeNull());
  it('refuses a pair without a role', () => expect(parseGroupRoles('net-admins')).toBeNull());
  it('refuses an empty list', () => expect(parseGroupRoles(' ; ')).toBeNull());
});
