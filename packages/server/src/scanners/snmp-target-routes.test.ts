import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, type AccountSession } from '../../test/ipam-factories.js';
import { memberWithRole } from '../../test/role-factories.js';

const COMMUNITY = 'c0mmunity-do-not-show';
const AUTH = 'auth-password-do-not-show';
const PRIV = 'priv-password-do-not-show';
const SECRETS = [COMMUNITY, AUTH, PRIV];

const V2C = { host: '192.0.2.1', version: '2c', community: COMMUNITY };
const V3 = {
  host: 'core-sw.example.net',
  port: 1161,
  version: '3',
  user: 'ipam',
  authProtocol: 'sha256',
  authPassword: AUTH,
  privPassword: PRIV,
};

describeEachDialect('scanner SNMP targets (%s)', (dialect) => {
  const t = useTestApp(dialect);

  async function scannerOf(me: AccountSession, name = 'Router reader') {
    const created = await me.call('POST', '/scanners', { name });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, key: created.body.apiKey as string };
  }

  /** The agent's call, with its key (or whatever `authorization` is given). */
  async function agentTargets(authorization: string) {
    const answer = await fetch(`${t.current.baseUrl}/api/scanner/snmp-targets`, {
      headers: { authorization },
    });
    const text = await answer.text();
    return { status: answer.status, text, body: text === '' ? null : JSON.parse(text) };
  }

  it('stores targets with sealed credentials, shows only that they are set, and hands them to its agent alone', async () => {
    const me = await accountSession(t.current, { tier: 1 });
    const scanner = await scannerOf(me);
    const other = await scannerOf(me, 'Other');
    const saved = await me.call('PUT', `/scanners/${scanner.id}/snmp-targets`, { targets: [V2C, V3] });
    expect(saved.status).toBe(200);
    expect(saved.body.targets).toEqual([
      {
        id: expect.any(String),
        host: '192.0.2.1',
        port: 161,
        version: '2c',
        user: null,
        authProtocol: null,
        privProtocol: null,
        timeoutMs: 3000,
        retries: 1,
        communitySet: true,
        authPasswordSet: false,
        privPasswordSet: false,
      },
      {
        id: expect.any(String),
        host: 'core-sw.example.net',
        port: 1161,
        version: '3',
        user: 'ipam',
        authProtocol: 'sha256',
        privProtocol: 'aes',
        timeoutMs: 3000,
        retries: 1,
        communitySet: false,
        authPasswordSet: true,
        privPasswordSet: true,
      },
    ]);
    const read = await me.call('GET', `/scanners/${scanner.id}/snmp-targets`);
    expect(read.body).toEqual(saved.body);
    // Never again in an answer, the database or the history.
    const rows = await t.current.db.selectFrom('scanner_snmp_targets').selectAll().execute();
    const audit = await me.call('GET', '/audit');
    expect(audit.text).toContain('192.0.2.1:161 v2c, core-sw.example.net:1161 v3 user ipam');
    for (const text of [saved.text, read.text, JSON.stringify(rows), audit.text]) {
      for (const secret of SECRETS) expect(text).not.toContain(secret);
    }

    const agent = await agentTargets(`Bearer ${scanner.key}`);
    expect(agent.status).toBe(200);
    expect(agent.body).toEqual({
      targets: [
        { host: '192.0.2.1', port: 161, version: '2c', community: COMMUNITY, timeoutMs: 3000, retries: 1 },
        {
          host: 'core-sw.example.net',
          port: 1161,
          version: '3',
          user: 'ipam',
          authProtocol: 'sha256',
          authPassword: AUTH,
          privProtocol: 'aes',
          privPassword: PRIV,
          timeoutMs: 3000,
          retries: 1,
        },
      ],
    });
    // Another scanner's key reads its own (none); no key, a wrong key or a session reads nothing.
    expect((await agentTargets(`Bearer ${other.key}`)).body).toEqual({ targets: [] });
    for (const authorization of ['', 'Bearer ' + 'Z'.repeat(32)]) {
      const refused = await agentTargets(authorization);
      expect(refused.status).toBe(401);
      for (const secret of SECRETS) expect(refused.text).not.toContain(secret);
    }
    const token = await me.call('POST', '/tokens', { name: 'read', scope: 'read', expiresInDays: 30 });
    const byToken = await agentTargets(`Bearer ${token.body.token}`);
    expect(byToken.status).toBe(401);
  });

  it('keeps a stored secret when its target is sent back without it, and only for the same device', async () => {
    const me = await accountSession(t.current, { tier: 1 });
    const scanner = await scannerOf(me);
    const saved = await me.call('PUT', `/scanners/${scanner.id}/snmp-targets`, { targets: [V2C, V3] });
    const [v2c, v3] = saved.body.targets;

    const { community: _community, ...v2cWithout } = V2C;
    const { authPassword: _auth, privPassword: _priv, ...v3Without } = V3;
    const kept = await me.call('PUT', `/scanners/${scanner.id}/snmp-targets`, {
      targets: [
        { ...v3Without, id: v3.id, retries: 2 },
        { ...v2cWithout, id: v2c.id },
      ],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.targets.map((target: { id: string }) => target.id)).toEqual([v3.id, v2c.id]);
    const agent = await agentTargets(`Bearer ${scanner.key}`);
    expect(agent.body.targets).toEqual([
      expect.objectContaining({
        host: 'core-sw.example.net',
        authPassword: AUTH,
        privPassword: PRIV,
        retries: 2,
      }),
      expect.objectContaining({ host: '192.0.2.1', community: COMMUNITY }),
    ]);

    // The attack: another admin points a stored target at a device they control to have the agent
    // send it the community. The credentials do not follow the target; they must be typed again.
    const admin = await memberWithRole(t.current, me, 'admin');
    const moved = await admin.call('PUT', `/scanners/${scanner.id}/snmp-targets`, {
      targets: [{ ...v2cWithout, id: v2c.id, host: '203.0.113.66' }],
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({
      code: 'validation_failed',
      fields: {
        'targets.0.community': 'Type the community again: the target moved to another device or version',
      },
    });
    const turned = await admin.call('PUT', `/scanners/${scanner.id}/snmp-targets`, {
      targets: [{ ...v3Without, id: v3.id, port: 161 }],
    });
    expect(turned.body.fields).toEqual({
      'targets.0.authPassword':
        'Type the authentication password again: the target moved to another device or version',
    });
    const fresh = await admin.call('PUT', `/scanners/${scanner.id}/snmp-targets`, { targets: [v2cWithout] });
    expect(fresh.body.fields).toEqual({
      'targets.0.community': 'Type the community: none is stored for this target',
    });
    // Nothing changed by the refused writes.
    expect((await agentTargets(`Bearer ${scanner.key}`)).body).toEqual(agent.body);

    // An empty list removes them all.
    const cleared = await me.call('PUT', `/scanners/${scanner.id}/snmp-targets`, { targets: [] });
    expect(cleared.body).toEqual({ targets: [] });
    expect((await agentTargets(`Bearer ${scanner.key}`)).body).toEqual({ targets: [] });
  });

  it('names bad input per field, and refuses editors, other accounts and tiers without scanners', async () => {
    const me = await accountSession(t.current, { tier: 1 });
    const scanner = await scannerOf(me);
    const path = `/scanners/${scanner.id}/snmp-targets`;
    const bad = await me.call('PUT', path, {
      targets: [
        { host: '10.0.0.300', version: '2c', community: 'x' },
        { ...V3, authPassword: 'short' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'targets.0.host': 'Host must be an IP address or a DNS name',
      'targets.1.authPassword': 'Authentication password must be at least 8 characters',
    });
    const tooMany = await me.call('PUT', path, { targets: Array.from({ length: 65 }, () => V2C) });
    expect(tooMany.body.fields).toEqual({ targets: 'Targets must be at most 64' });

    const editor = await memberWithRole(t.current, me, 'editor');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { targets: [V2C] }],
    ] as const) {
      const refused = await editor.call(method, path, body);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('role_required');
    }
    const stranger = await accountSession(t.current, { tier: 1 });
    expect((await stranger.call('GET', `/scanners/${scanner.id}/snmp-targets`)).status).toBe(404);
    expect(
      (await stranger.call('PUT', `/scanners/${scanner.id}/snmp-targets`, { targets: [V2C] })).status,
    ).toBe(404);

    await me.call('PUT', path, { targets: [V2C] });
    await t.current.db.updateTable('accounts').set({ tier: 0 }).where('id', '=', me.accountId).execute();
    expect((await me.call('GET', path)).body.code).toBe('scanners_not_in_tier');
    expect((await agentTargets(`Bearer ${scanner.key}`)).status).toBe(403);
  });

  it('deleting the scanner deletes its targets', async () => {
    const me = await accountSession(t.current, { tier: 1 });
    const scanner = await scannerOf(me);
    await me.call('PUT', `/scanners/${scanner.id}/snmp-targets`, { targets: [V2C, V3] });
    expect((await me.call('DELETE', `/scanners/${scanner.id}`)).status).toBe(204);
    const rows = await t.current.db
      .selectFrom('scanner_snmp_targets')
      .selectAll()
      .where('scanner_id', '=', scanner.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
