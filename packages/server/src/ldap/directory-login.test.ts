import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type Dialect } from '../../test/dialects.js';
import {
  buildTestApp,
  createUser,
  goodPassword,
  type TestApp,
  type TestClient,
} from '../../test/factories.js';
import { setTier } from '../../test/ipam-factories.js';
import {
  servicePassword,
  serviceDn,
  startLdapServer,
  suffix,
  type LdapServer,
} from '../../test/ldap-server.js';
import { TestClock, totpCodeAt } from '../../test/two-factor-factories.js';

let server: LdapServer;
beforeAll(async () => {
  server = await startLdapServer([]);
}, 60_000);
afterAll(async () => server?.stop());

const groupRoles = 'admin:net-admins; editor:cn=net-rw,ou=groups,dc=example,dc=org; viewer:net-ro';

/** The operator's settings for this slapd and account, StartTLS and memberOf unless overridden. */
function ldapEnv(accountId: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    LDAP_URL: server.ldapUrl,
    LDAP_CA_FILE: server.caFile,
    LDAP_BIND_DN: serviceDn,
    LDAP_BIND_PASSWORD: servicePassword,
    LDAP_BASE_DN: suffix,
    LDAP_GROUP_ROLES: groupRoles,
    LDAP_ACCOUNT_ID: accountId,
    LDAP_LABEL: 'Example Directory',
    ...env,
  };
}

interface Apps {
  /** ldap:// + StartTLS, groups from memberOf. */
  startTls: TestApp;
  /** ldaps://, groups by searching member={dn}. */
  ldaps: TestApp;
  /** Both transports, but trusting a CA that did not sign slapd's certificate. */
  otherCa: { startTls: TestApp; ldaps: TestApp };
  /** Two failures per name and client, then 429. */
  limited: TestApp;
  owner: TestClient;
  accountId: string;
}

/** Apps on one fresh database whose owner's account directory users join; stopped after the block. */
function useDirectoryApps(dialect: Dialect, clock: TestClock): { readonly current: Apps } {
  let apps: Apps | undefined;
  const all: TestApp[] = [];
  beforeAll(async () => {
    const database = await createTestDatabase(dialect);
    const owner = await createUser(database.db);
    await setTier(database.db, owner.accountId, 2);
    const build = async (env: Record<string, string>) => {
      const app = await buildTestApp(database, ldapEnv(owner.accountId, env), { clock: clock.now });
      all.push(app);
      return app;
    };
    const startTls = await build({});
    const ldaps = await build({ LDAP_URL: server.ldapsUrl, LDAP_GROUP_SOURCE: 'search' });
    const otherCa = {
      startTls: await build({ LDAP_CA_FILE: server.otherCaFile }),
      ldaps: await build({ LDAP_URL: server.ldapsUrl, LDAP_CA_FILE: server.otherCaFile }),
    };
    const limited = await build({ AUTH_RATE_LIMIT_PER_EMAIL: '2' });
    const ownerClient = startTls.client();
    const login = await ownerClient.post('/api/auth/login', { email: owner.email, password: goodPassword });
    if (login.status !== 200) throw new Error(`owner login: ${login.status} ${login.text}`);
    apps = { startTls, ldaps, otherCa, limited, owner: ownerClient, accountId: owner.accountId };
  }, 60_000);
  afterAll(async () => {
    for (const app of all) await app.app.close();
    await all[0]?.database.destroy();
  });
  return {
    get current() {
      if (!apps) throw new Error('apps not ready');
      return apps;
    },
  };
}

describeEachDialect('LDAP sign-in against slapd (%s)', (dialect) => {
  const clock = new TestClock();
  const t = useDirectoryApps(dialect, clock);
  let serial = 0;
  /** A new directory person of this dialect's block (one slapd serves both engines). */
  const person = async (groups: string[]) => {
    serial += 1;
    const uid = `${dialect}-${serial}-x`;
    const password = `pw-${uid}-secret`;
    await server.addPerson({ uid, password, mail: `${uid}@example.org`, groups });
    return { uid, password, email: `${uid}@example.org` };
  };
  const login = (app: TestApp, username: string, password: string, client = app.client()) =>
    client.post('/api/auth/login/ldap', { username, password }).then((response) => ({ client, response }));
  const rolesOf = async (): Promise<Record<string, string>> => {
    const users = await t.current.owner.get(`/api/accounts/${t.current.accountId}/users`);
    return Object.fromEntries(
      (users.body.items as { email: string; role: string }[]).map((m) => [m.email, m.role]),
    );
  };
  const history = async () => {
    const answer = await t.current.owner.get(`/api/accounts/${t.current.accountId}/audit`);
    return answer.body.items as { entity: string; after: Record<string, unknown> | null }[];
  };

  it('makes the user at the first sign-in with the mapped role and opens the account (StartTLS, memberOf)', async () => {
    const ana = await person(['net-ro', 'staff']);
    const { client, response } = await login(t.current.startTls, ana.uid, ana.password);
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(ana.email);
    expect(response.body.currentAccountId).toBe(t.current.accountId);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await client.get('/api/config')).body.directoryLogin).toEqual({ label: 'Example Directory' });
    expect((await rolesOf())[ana.email]).toBe('viewer');
    const [latest] = await history();
    expect(latest).toMatchObject({
      entity: 'sign_in_external',
      after: { method: 'ldap', provider: 'Example Directory', groups: 'net-ro', role: 'viewer' },
    });
  });

  it('changes the role at the next sign-in when the groups changed, and removes a member left in no mapped group', async () => {
    const bo = await person(['net-ro']);
    expect((await login(t.current.startTls, bo.uid, bo.password)).response.status).toBe(200);
    expect((await rolesOf())[bo.email]).toBe('viewer');
    await server.setGroups(bo.uid, ['net-rw', 'net-admins']);
    const again = await login(t.current.startTls, bo.uid, bo.password);
    expect(again.response.body.user.id).toBeDefined();
    expect((await rolesOf())[bo.email]).toBe('admin');
    await server.setGroups(bo.uid, ['staff']);
    const last = await login(t.current.startTls, bo.uid, bo.password);
    expect(last.response.status).toBe(403);
    expect(last.response.body.code).toBe('sso_no_role');
    expect((await rolesOf())[bo.email]).toBeUndefined();
  });

  it('signs in over LDAPS with groups found by a group search, the DN rule giving editor', async () => {
    const cy = await person(['net-rw']);
    const { response } = await login(t.current.ldaps, cy.uid, cy.password);
    expect(response.status).toBe(200);
    expect((await rolesOf())[cy.email]).toBe('editor');
  });

  it('refuses a wrong password as "Login failed.", in History for a known user', async () => {
    const di = await person(['net-ro']);
    await login(t.current.startTls, di.uid, di.password);
    const { client, response } = await login(t.current.startTls, di.uid, 'not-the-password');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Login failed.', code: 'login_failed' });
    expect(client.cookies.has('ipam_session')).toBe(false);
    const [latest] = await history();
    expect(latest).toMatchObject({
      entity: 'sign_in_external_failed',
      after: { email: di.email, method: 'ldap', reason: 'wrong password' },
    });
  });

  // A wildcard that matches only this person would sign them in if the name were not escaped.
  it.each([
    ['*)(uid=*', () => '*)(uid=*'],
    ['<uid>*', (uid: string) => `${uid}*`],
    ['*<end of uid>', (uid: string) => `*${uid.slice(3)}`],
    ['*', () => '*'],
  ])('refuses the filter injection %s with the real password', async (_name, nameOf) => {
    const ed = await person(['net-admins']);
    const { response } = await login(t.current.startTls, nameOf(ed.uid), ed.password);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('login_failed');
    expect((await rolesOf())[ed.email]).toBeUndefined();
  });

  it('refuses an empty password before asking the directory (its schema names the field)', async () => {
    const fa = await person(['net-ro']);
    const { response } = await login(t.current.startTls, fa.uid, '');
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ password: 'Password is required.' });
    expect((await rolesOf())[fa.email]).toBeUndefined();
  });

  it('refuses a directory user in no mapped group, making nobody', async () => {
    const gu = await person(['staff']);
    const { response } = await login(t.current.startTls, gu.uid, gu.password);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      code: 'sso_no_role',
      error:
        'Your groups at Example Directory give you no role in this account. Ask its owner to add you to a group that has one.',
    });
    expect((await rolesOf())[gu.email]).toBeUndefined();
  });

  it.each(['startTls', 'ldaps'] as const)(
    'refuses a server (%s) whose certificate the configured CA did not sign, sending no password',
    async (transport) => {
      const ha = await person(['net-ro']);
      const { response } = await login(t.current.otherCa[transport], ha.uid, ha.password);
      expect(response.status).toBe(502);
      expect(response.body.code).toBe('sso_unavailable');
      expect((await rolesOf())[ha.email]).toBeUndefined();
    },
  );

  it('limits failed directory sign-ins like password ones: past the limit even the right password waits', async () => {
    const io = await person(['net-ro']);
    const client = t.current.limited.client();
    for (let i = 0; i < 2; i += 1) {
      expect((await login(t.current.limited, io.uid, 'wrong-password', client)).response.status).toBe(401);
    }
    const refused = await login(t.current.limited, io.uid, io.password, client);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another name from the same client is still let through (the client's own limit is higher).
    const other = await person(['net-ro']);
    expect((await login(t.current.limited, other.uid, other.password, client)).response.status).toBe(200);
  });

  it('asks a directory user who turned on a second factor for their code before any session', async () => {
    const jo = await person(['net-ro']);
    const { client } = await login(t.current.startTls, jo.uid, jo.password);
    const setup = await client.post('/api/auth/two-factor/setup');
    const secret: string = setup.body.secret;
    await client.post('/api/auth/two-factor/confirm', { code: await totpCodeAt(secret, clock.now()) });
    clock.advance(30);
    const { client: fresh, response } = await login(t.current.startTls, jo.uid, jo.password);
    expect(response.body).toEqual({
      secondFactorRequired: true,
      pendingToken: expect.any(String),
      expiresAt: expect.any(String),
      methods: ['totp'],
    });
    expect(fresh.cookies.has('ipam_session')).toBe(false);
    const code = await totpCodeAt(secret, clock.now());
    const done = await fresh.post('/api/auth/login/second-factor', {
      pendingToken: response.body.pendingToken,
      code,
    });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(jo.email);
  });
});
