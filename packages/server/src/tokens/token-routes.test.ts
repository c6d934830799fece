import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp, type TestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet, type AccountSession } from '../../test/ipam-factories.js';

async function makeToken(
  session: AccountSession,
  scope: 'read' | 'write',
  expiresInDays: 30 | 90 | 365 | null = 30,
  name = `${scope} token`,
): Promise<{ id: string; token: string }> {
  const response = await session.call('POST', '/tokens', { name, scope, expiresInDays });
  if (response.status !== 201) throw new Error(`token not created: ${response.status} ${response.text}`);
  return response.body;
}

/** A client that sends only the token (no cookies). */
function bearer(t: { current: TestApp }, token: string) {
  return t.current.client({ authorization: `Bearer ${token}` });
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`API tokens (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('answers the secret once, lists tokens by prefix and never reads the secret back', async () => {
      const me = await accountSession(t.current);
      const created = await me.call('POST', '/tokens', { name: 'CI', scope: 'read', expiresInDays: 90 });
      expect(created.status).toBe(201);
      expect(created.body.token).toMatch(/^ipam_[A-Za-z0-9_-]{43}$/);
      expect(created.body.token.startsWith(created.body.prefix)).toBe(true);
      expect(created.body.createdBy).toBe(me.email);
      const days = (Date.parse(created.body.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(89.9);
      const list = await me.call('GET', '/tokens');
      expect(list.body.items).toHaveLength(1);
      expect(list.body.items[0]).toMatchObject({ name: 'CI', scope: 'read', lastUsedAt: null });
      expect(JSON.stringify(list.body)).not.toContain(created.body.token);
      const stored = await t.current.db
        .selectFrom('api_tokens')
        .select('token_hash')
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(created.body.token.slice(5));
    });

    it('refuses other expiries and scopes', async () => {
      const me = await accountSession(t.current);
      const response = await me.call('POST', '/tokens', { name: 'x', scope: 'read', expiresInDays: 7 });
      expect(response.status).toBe(400);
      expect(response.body.fields.expiresInDays).toBe('Expiry must be 30, 90 or 365 days, or none.');
    });

    it('lets a read token GET its account and refuses its writes (403)', async () => {
      const me = await accountSession(t.current);
      const group = await postGroup(me, 'Office');
      const { token } = await makeToken(me, 'read');
      const client = bearer(t, token);
      const subnets = await client.get(`/api/accounts/${me.accountId}/subnets`);
      expect(subnets.status).toBe(200);
      const write = await client.post(`/api/accounts/${me.accountId}/groups`, {
        name: 'x',
        parentId: group.id,
      });
      expect(write.status).toBe(403);
      expect(write.body.code).toBe('token_read_only');
    });

    it('lets a write token write, audited as "token {name}", without Origin check or cookies', async () => {
      const me = await accountSession(t.current);
      const { token } = await makeToken(me, 'write', null, 'provisioning');
      const client = bearer(t, token);
      const created = await client.post(
        `/api/accounts/${me.accountId}/groups`,
        { name: 'From a script', parentId: null },
        { origin: 'https://elsewhere.example' },
      );
      expect(created.status).toBe(201);
      const audit = await me.call('GET', '/audit');
      const entry = audit.body.items.find((item: { entityId: string }) => item.entityId === created.body.id);
      expect(entry).toMatchObject({ action: 'create', entity: 'group', userId: me.userId });
      const row = await t.current.db
        .selectFrom('audit_log')
        .select('actor')
        .where('entity_id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      expect(row.actor).toBe('token provisioning');
      // The token's owner's session cookie cannot widen a read token: cookies are ignored.
      const read = await makeToken(me, 'read');
      const withCookie = await me.client.post(
        `/api/accounts/${me.accountId}/groups`,
        { name: 'x', parentId: null },
        { authorization: `Bearer ${read.token}` },
      );
      expect(withCookie.status).toBe(403);
    });

    it('is a 404 on another account, even one its maker belongs to', async () => {
      const owner = await accountSession(t.current);
      const memberEmail = uniqueEmail('member');
      await owner.call('POST', '/invites', { email: memberEmail });
      const member = await signUp(t.current, memberEmail);
      const stranger = await accountSession(t.current);
      const { token } = await makeToken(stranger, 'write');
      const other = await bearer(t, token).get(`/api/accounts/${owner.accountId}/subnets`);
      expect(other.status).toBe(404);
      // A member's token for their own account does not reach the owner's account either.
      const own = await member.client.post(`/api/accounts/${member.accountId}/tokens`, {
        name: 'own',
        scope: 'write',
        expiresInDays: null,
      });
      const crossed = await bearer(t, own.body.token).get(`/api/accounts/${owner.accountId}/subnets`);
      expect(crossed.status).toBe(404);
    });

    it('never reaches session, auth or account-management routes (403)', async () => {
      const me = await accountSession(t.current);
      const { token } = await makeToken(me, 'write');
      const client = bearer(t, token);
      const a = `/api/accounts/${me.accountId}`;
      const refused = [
        await client.get('/api/auth/me'),
        await client.get('/api/auth/sessions'),
        await client.get('/api/accounts'),
        await client.post(`${a}/tokens`, { name: 'minted', scope: 'write', expiresInDays: null }),
        await client.get(`${a}/tokens`),
        await client.post(`${a}/invites`, { email: uniqueEmail() }),
        await client.get(`${a}/users`),
        await client.delete(`${a}/users/${me.userId}`),
      ];
      expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
      expect(refused[0]?.body.code).toBe('token_not_allowed');
      expect((await me.call('GET', '/tokens')).body.items).toHaveLength(1);
    });

    it('answers 401 once revoked or expired, and for an unknown token', async () => {
      const me = await accountSession(t.current);
      const { id, token } = await makeToken(me, 'read');
      const client = bearer(t, token);
      expect((await client.get(`/api/accounts/${me.accountId}/subnets`)).status).toBe(200);
      expect((await me.call('DELETE', `/tokens/${id}`)).status).toBe(204);
      const revoked = await client.get(`/api/accounts/${me.accountId}/subnets`);
      expect(revoked.status).toBe(401);
      expect(revoked.body.code).toBe('token_invalid');
      expect((await me.call('DELETE', `/tokens/${id}`)).status).toBe(404);
      expect((await me.call('GET', '/tokens')).body.items).toHaveLength(0);

      const expiring = await makeToken(me, 'read');
      await t.current.db
        .updateTable('api_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', expiring.id)
        .execute();
      expect((await bearer(t, expiring.token).get(`/api/accounts/${me.accountId}/subnets`)).status).toBe(401);
      const unknown = await bearer(t, `ipam_${'A'.repeat(43)}`).get(`/api/accounts/${me.accountId}/subnets`);
      expect(unknown.status).toBe(401);
    });

    it("revokes a removed member's tokens; another member revokes nobody else's by accident", async () => {
      const owner = await accountSession(t.current, { tier: 1 });
      const memberEmail = uniqueEmail('member');
      await owner.call('POST', '/invites', { email: memberEmail, role: 'admin' });
      const member = await signUp(t.current, memberEmail);
      const made = await member.client.post(`/api/accounts/${owner.accountId}/tokens`, {
        name: 'member script',
        scope: 'write',
        expiresInDays: null,
      });
      expect(made.status).toBe(201);
      const ownerToken = await makeToken(owner, 'read');
      // Every member sees every token of the account.
      const seen = await member.client.get(`/api/accounts/${owner.accountId}/tokens`);
      expect(seen.body.items.map((item: { name: string }) => item.name).sort()).toEqual([
        'member script',
        'read token',
      ]);
      const client = bearer(t, made.body.token);
      expect((await client.get(`/api/accounts/${owner.accountId}/subnets`)).status).toBe(200);
      expect((await owner.call('DELETE', `/users/${member.userId}`)).status).toBe(204);
      expect((await client.get(`/api/accounts/${owner.accountId}/subnets`)).status).toBe(401);
      expect((await bearer(t, ownerToken.token).get(`/api/accounts/${owner.accountId}/subnets`)).status).toBe(
        200,
      );
    });

    it('records the last use at most once a minute', async () => {
      const me = await accountSession(t.current);
      const { id, token } = await makeToken(me, 'read');
      const client = bearer(t, token);
      await client.get(`/api/accounts/${me.accountId}/subnets`);
      const first = await t.current.db
        .selectFrom('api_tokens')
        .select('last_used_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(first.last_used_at).not.toBeNull();
      await client.get(`/api/accounts/${me.accountId}/subnets`);
      const second = await t.current.db
        .selectFrom('api_tokens')
        .select('last_used_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(second.last_used_at).toBe(first.last_used_at);
      const listed = await me.call('GET', '/tokens');
      expect(listed.body.items[0].lastUsedAt).toBe(first.last_used_at);
    });

    it('declares the bearer scheme in the OpenAPI document', async () => {
      const doc = await t.current.client().get('/api/openapi.json');
      expect(doc.body.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(doc.body.paths['/api/accounts/{accountId}/tokens']).toBeDefined();
      expect(doc.body.paths['/api/accounts/{accountId}/subnets/{subnetId}/addresses/next']).toBeDefined();
      expect(doc.body.paths['/api/accounts/{accountId}/groups/{groupId}/free-prefixes']).toBeDefined();
    });

    it('holds at most 100 tokens per account (403); a revoked one frees a place', async () => {
      const me = await accountSession(t.current);
      const rows = Array.from({ length: 100 }, (_, i) => ({
        id: `bulk-${me.accountId}-${i}`,
        account_id: me.accountId,
        user_id: me.userId,
        name: `bulk ${i}`,
        prefix: 'ipam_bulk',
        token_hash: `hash-${me.accountId}-${i}`,
        scope: 'read' as const,
        created_at: new Date().toISOString(),
        expires_at: null,
        last_used_at: null,
        revoked_at: null,
      }));
      await t.current.db.insertInto('api_tokens').values(rows).execute();
      const refused = await me.call('POST', '/tokens', {
        name: 'one more',
        scope: 'read',
        expiresInDays: 30,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('token_limit_reached');
      expect((await me.call('DELETE', `/tokens/bulk-${me.accountId}-0`)).status).toBe(204);
      expect(
        (await me.call('POST', '/tokens', { name: 'one more', scope: 'read', expiresInDays: 30 })).status,
      ).toBe(201);
    });

    it('uses a subnet through a write token', async () => {
      const me = await accountSession(t.current);
      const group = await postGroup(me, 'Office');
      const subnet = await postSubnet(me, group.id, '10.1.0.0/29');
      const { token } = await makeToken(me, 'write');
      const put = await bearer(t, token).put(
        `/api/accounts/${me.accountId}/subnets/${subnet.body.id}/addresses/10.1.0.1`,
        { status: 'In Use', hostname: 'a', description: '', allowScannerUpdate: true },
      );
      expect(put.status).toBe(200);
    });
  });
}
