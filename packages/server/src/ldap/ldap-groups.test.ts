import { describe, expect, it } from 'vitest';
import type { GroupRole } from '../config/ldap-env.js';
import { configuredGroupsOf, groupNameOf, isConfiguredGroup } from './ldap-groups.js';

const mapping: GroupRole[] = [
  { group: 'net-ro', role: 'viewer' },
  { group: 'CN=Net Admins, OU=Groups, DC=corp, DC=example', role: 'admin' },
  { group: 'net-rw', role: 'editor' },
];

describe('group matching', () => {
  it('reads a group name from its DN', () =>
    expect(groupNameOf('cn=net-ro,ou=groups,dc=example,dc=org')).toBe('net-ro'));
  it('reads an escaped comma in a name', () =>
    expect(groupNameOf('cn=Ops\\, Berlin,ou=g')).toBe('Ops, Berlin'));
  it('matches a name in any letter case', () =>
    expect(isConfiguredGroup('NET-RO', 'cn=net-ro,ou=groups,dc=x')).toBe(true));
  it('does not match a name that is only a prefix', () =>
    expect(isConfiguredGroup('net', 'cn=net-ro,dc=x')).toBe(false));
  it('matches a DN whatever its spaces and case', () =>
    expect(
      isConfiguredGroup(
        'CN=Net Admins, OU=Groups, DC=corp, DC=example',
        'cn=net admins,ou=groups,dc=corp,dc=example',
      ),
    ).toBe(true));
  it('does not match a DN of another branch', () =>
    expect(isConfiguredGroup('cn=net-ro,ou=groups,dc=x', 'cn=net-ro,ou=other,dc=x')).toBe(false));
});

describe('configuredGroupsOf', () => {
  it('lists the configured groups the user is in, as configured', () =>
    expect(
      configuredGroupsOf(
        ['cn=net-rw,dc=x', 'cn=staff,dc=x', 'cn=net admins,ou=groups,dc=corp,dc=example'],
        mapping,
      ),
    ).toEqual(['CN=Net Admins, OU=Groups, DC=corp, DC=example', 'net-rw']));
  it('lists nothing without a mapped group', () =>
    expect(configuredGroupsOf(['cn=staff,dc=x'], mapping)).toEqual([]));
});
