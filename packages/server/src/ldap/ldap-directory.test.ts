import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/factories.js';
import {
  servicePassword,
  serviceDn,
  startLdapServer,
  suffix,
  type LdapServer,
} from '../../test/ldap-server.js';
import type { LdapConfig } from '../config/ldap-env.js';
import { authenticateWithDirectory, DirectoryUnavailableError } from './ldap-directory.js';

let server: LdapServer;
beforeAll(async () => {
  server = await startLdapServer([
    { uid: 'alice', password: 'alice-pw', mail: 'Alice@Example.org', groups: ['net-ro', 'staff'] },
    { uid: 'nomail', password: 'nomail-pw', groups: ['net-ro'] },
  ]);
}, 60_000);
afterAll(async () => server?.stop());

/** The LDAP configuration as the operator would write it, with overrides. */
function configOf(env: Record<string, string>): LdapConfig {
  const config = testConfig({
    LDAP_URL: server.ldapUrl,
    LDAP_CA_FILE: server.caFile,
    LDAP_BIND_DN: serviceDn,
    LDAP_BIND_PASSWORD: servicePassword,
    LDAP_BASE_DN: suffix,
    LDAP_GROUP_ROLES: 'viewer:net-ro',
    LDAP_ACCOUNT_ID: 'any',
    ...env,
  }).ldap;
  if (!config) throw new Error('no LDAP configuration');
  return config;
}

describe('search-then-bind against slapd', () => {
  it.each([
    ['StartTLS, memberOf', () => ({})],
    ['LDAPS, group search', () => ({ LDAP_URL: server.ldapsUrl, LDAP_GROUP_SOURCE: 'search' })],
  ])('signs alice in over %s with her e-mail, name, id and groups', async (_name, env) => {
    const config = configOf(env());
    const outcome = await authenticateWithDirectory(config, 'alice', 'alice-pw');
    expect(outcome).toEqual({
      ok: true,
      user: {
        dn: server.dnOf('alice'),
        subject: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: 'alice@example.org',
        name: 'alice Example',
        groupDns: expect.arrayContaining([server.groupDn('net-ro'), server.groupDn('staff')]),
      },
    });
  });

  it('refuses a wrong password, naming the user only for the log', async () => {
    expect(await authenticateWithDirectory(configOf({}), 'alice', 'wrong')).toEqual({
      ok: false,
      reason: 'wrong_password',
      entry: {
        dn: server.dnOf('alice'),
        subject: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: 'alice@example.org',
      },
    });
  });

  it('refuses an empty password before any bind (this slapd binds a DN without password anonymously)', async () => {
    expect(await authenticateWithDirectory(configOf({}), 'alice', '')).toEqual({
      ok: false,
      reason: 'empty_password',
    });
  });

  it.each(['*', '*)(uid=*', 'al*', 'alice)(|(uid=*'])('finds nobody for the injection %s', async (login) => {
    expect(await authenticateWithDirectory(configOf({}), login, 'alice-pw')).toEqual({
      ok: false,
      reason: 'no_such_user',
    });
  });

  it('refuses an entry without an e-mail address', async () => {
    const outcome = await authenticateWithDirectory(configOf({}), 'nomail', 'nomail-pw');
    expect(outcome).toEqual({
      ok: false,
      reason: 'incomplete_entry',
      entry: { dn: server.dnOf('nomail'), subject: expect.stringMatching(/^[0-9a-f-]{36}$/), email: null },
    });
  });

  it('refuses two matching entries', async () => {
    const outcome = await authenticateWithDirectory(
      configOf({ LDAP_USER_FILTER: '(|(uid={login})(uid=nomail))' }),
      'alice',
      'alice-pw',
    );
    expect(outcome).toEqual({ ok: false, reason: 'ambiguous_user' });
  });

  it.each([
    ['StartTLS', () => server.ldapUrl],
    ['LDAPS', () => server.ldapsUrl],
  ])('refuses a %s server whose certificate the configured CA did not sign', async (_name, url) => {
    const config = configOf({ LDAP_URL: url(), LDAP_CA_FILE: server.otherCaFile });
    await expect(authenticateWithDirectory(config, 'alice', 'alice-pw')).rejects.toThrow(
      DirectoryUnavailableError,
    );
  });

  it('refuses a wrong service password as the directory being unavailable, not as a wrong login', async () => {
    const config = configOf({ LDAP_BIND_PASSWORD: 'nope' });
    await expect(authenticateWithDirectory(config, 'alice', 'alice-pw')).rejects.toThrow(
      /service bind refused/,
    );
  });
});
