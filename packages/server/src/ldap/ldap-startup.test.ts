import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { createUser, testConfig } from '../../test/factories.js';
import type { LdapConfig } from '../config/ldap-env.js';
import { describeLdapAtStart } from './ldap-startup.js';

function ldapOf(accountId: string, env: Record<string, string> = {}): LdapConfig {
  const config = testConfig({
    LDAP_URL: 'ldap://dc1.corp.example',
    LDAP_BIND_DN: 'cn=ipam,dc=corp,dc=example',
    LDAP_BIND_PASSWORD: 'secret',
    LDAP_BASE_DN: 'dc=corp,dc=example',
    LDAP_GROUP_ROLES: 'viewer:net-ro',
    LDAP_ACCOUNT_ID: accountId,
    ...env,
  }).ldap;
  if (!config) throw new Error('no LDAP configuration');
  return config;
}

describeEachDialect('what ipam start says about directory sign-in (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.destroy());

  it('names the directory and its transport', async () => {
    const { accountId } = await createUser(database.db);
    expect(await describeLdapAtStart(database.db, ldapOf(accountId))).toEqual([
      'ipam: directory sign-in through ldap://dc1.corp.example (StartTLS)',
    ]);
  });

  it('warns when LDAP_ACCOUNT_ID names no account', async () => {
    const lines = await describeLdapAtStart(database.db, ldapOf('no-such-account'));
    expect(lines[1]).toBe(
      'ipam: warning: LDAP_ACCOUNT_ID no-such-account is no account; directory sign-ins are refused until it names one (ipam admin accounts lists them)',
    );
  });

  it('refuses to start with a CA file it cannot read', async () => {
    const { accountId } = await createUser(database.db);
    const config = ldapOf(accountId, { LDAP_CA_FILE: '/nonexistent/ca.pem' });
    await expect(describeLdapAtStart(database.db, config)).rejects.toThrow(
      'LDAP_CA_FILE: cannot read /nonexistent/ca.pem',
    );
  });
});
