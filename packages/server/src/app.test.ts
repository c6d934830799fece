import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../test/dialects.js';
import { goodPassword, signUp, uniqueEmail, useTestApp } from '../test/factories.js';

const webDist = mkdtempSync(join(tmpdir(), 'ipam-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>IPAM</title>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

for (const dialect of DIALECTS) {
  describeOn(dialect)(`http app (${dialect})`, () => {
    const t = useTestApp(
      dialect,
      { SUPPORT_FORM_URL: 'https://forms.example.org/support', CONTACT_EMAIL: 'help@example.net' },
      { webDistDir: webDist },
    );

    it('answers health, public config and an OpenAPI document built from the route schemas', async () => {
      const client = t.current.client();
      expect((await client.get('/api/health')).body).toEqual({ status: 'ok' });
      expect((await client.get('/api/config')).body).toEqual({
        supportFormUrl: 'https://forms.example.org/support',
        feedbackFormUrl: null,
        contactEmail: 'help@example.net',
        supportByEmail: false,
        signUp: 'open',
        billing: 'test',
        directoryLogin: null,
      });
      // Without LDAP_URL the directory sign-in route says it is not set up.
      const ldapLogin = await client.post('/api/auth/login/ldap', { username: 'ana', password: 'secret' });
      expect(ldapLogin.status).toBe(404);
      expect(ldapLogin.body.error).toBe('Sign-in with a directory account is not set up on this server.');
      const openapi = await client.get('/api/openapi.json');
      expect(openapi.status).toBe(200);
      expect(openapi.body.openapi).toMatch(/^3\./);
      const signup = openapi.body.paths['/api/auth/signup'].post;
      expect(signup.requestBody.content['application/json'].schema.properties.password.minLength).toBe(8);
      expect(Object.keys(openapi.body.paths)).toContain('/api/accounts/{accountId}/invites');
      const docs = await client.get('/api/docs');
      expect(docs.status).toBe(200);
      expect(docs.text).toContain('swagger');
    });

    it('sets a CSP allowing our origin, inline styles and the configured form frames', async () => {
      const response = await t.current.client().get('/');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain('frame-src https://forms.example.org');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('serves the web app with an SPA fallback and answers unknown API paths with JSON 404', async () => {
      const client = t.current.client();
      const deepLink = await client.get('/settings/groupmanagement');
      expect(deepLink.status).toBe(200);
      expect(deepLink.text).toContain('<title>IPAM</title>');
      const asset = await client.get('/assets/app-abc123.js');
      expect(asset.text).toBe('console.log(1)');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const unknownApi = await client.get('/api/nothing-here');
      expect(unknownApi.status).toBe(404);
      expect(unknownApi.body).toEqual({ error: 'Not found.', code: 'not_found' });
    });

    it('refuses writes from a foreign Origin or site (403) and bodies that are not JSON (415)', async () => {
      const { client, accountId } = await signUp(t.current);
      const foreign = await client.post(
        `/api/accounts/${accountId}/invites`,
        { email: uniqueEmail() },
        { origin: 'https://evil.example' },
      );
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe('foreign_origin');
      const nullOrigin = await client.post('/api/auth/logout', {}, { origin: 'null' });
      expect(nullOrigin.status).toBe(403);
      expect((await client.get('/api/auth/me')).status).toBe(200);
      const form = await client.post(`/api/accounts/${accountId}/invites`, `email=${uniqueEmail()}`, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(form.status).toBe(415);
      expect(form.body.code).toBe('json_required');
      const sameOrigin = await client.post(
        `/api/accounts/${accountId}/invites`,
        { email: uniqueEmail() },
        { origin: t.current.baseUrl },
      );
      expect(sameOrigin.status).toBe(201);
      expect((await client.get(`/api/accounts/${accountId}/invites`)).body.items).toHaveLength(1);
      const crossSite = await client.post(
        `/api/accounts/${accountId}/invites`,
        { email: uniqueEmail() },
        {
          'sec-fetch-site': 'cross-site',
        },
      );
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.code).toBe('foreign_origin');
    });

    it('accepts a request without a body and without a Content-Type, as curl -X DELETE sends it', async () => {
      const { client, accountId } = await signUp(t.current);
      const created = await client.post(`/api/accounts/${accountId}/groups`, { name: 'Bare' });
      expect(created.status).toBe(201);
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const bare = await fetch(`${t.current.baseUrl}/api/accounts/${accountId}/groups/${created.body.id}`, {
        method: 'DELETE',
        headers: { cookie },
      });
      expect(await bare.text()).toBe('');
      expect(bare.status).toBe(204);
      expect((await client.get(`/api/accounts/${accountId}/groups`)).body.items).toEqual([]);
      // An empty JSON object is still accepted where nothing is expected; anything in it is refused.
      const again = await client.post(`/api/accounts/${accountId}/groups`, { name: 'Again' });
      const withEmpty = await client.delete(`/api/accounts/${accountId}/groups/${again.body.id}`, {});
      expect(withEmpty.status).toBe(204);
      const third = await client.post(`/api/accounts/${accountId}/groups`, { name: 'Third' });
      const withField = await client.delete(`/api/accounts/${accountId}/groups/${third.body.id}`, {
        force: true,
      });
      expect(withField.status).toBe(400);
      // A bodyless write from another site is still refused, by Origin and by Sec-Fetch-Site.
      const foreignHeaders: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of foreignHeaders) {
        const foreign = await fetch(`${t.current.baseUrl}/api/auth/logout`, {
          method: 'POST',
          headers: { cookie, ...headers },
        });
        expect(foreign.status).toBe(403);
      }
      const logout = await fetch(`${t.current.baseUrl}/api/auth/logout`, {
        method: 'POST',
        headers: { cookie },
      });
      expect(logout.status).toBeLessThan(300);
      expect((await client.get('/api/auth/me')).status).toBe(401);
    });

    it('refuses unknown fields, malformed JSON and bodies over 1 MiB', async () => {
      const client = t.current.client();
      const unknown = await client.post('/api/auth/login', { email: 'a@b.co', password: 'x', isAdmin: true });
      expect(unknown.status).toBe(400);
      const malformed = await client.post('/api/auth/login', '{"email":');
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('validation_failed');
      const huge = await client.post('/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(1_100_000) });
      expect(huge.status).toBe(413);
      expect(huge.body.code).toBe('payload_too_large');
    });

    it('stores a support message from a signed-in user only', async () => {
      const anonymous = await t.current
        .client()
        .post('/api/support/messages', { kind: 'support', message: 'hi' });
      expect(anonymous.status).toBe(401);
      const { client } = await signUp(t.current);
      const empty = await client.post('/api/support/messages', { kind: 'feedback', message: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe('Message is required.');
      const sent = await client.post('/api/support/messages', {
        kind: 'feedback',
        subject: 'Nice',
        message: 'Works',
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toEqual({ id: expect.any(String), receivedAt: expect.any(String) });
      const stored = await t.current.db
        .selectFrom('support_messages')
        .selectAll()
        .where('id', '=', sent.body.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.message).toBe('Works');
    });

    it('logs in a user created earlier with the password it was given', async () => {
      const email = uniqueEmail();
      await signUp(t.current, email);
      const login = await t.current.client().post('/api/auth/login', { email, password: goodPassword });
      expect(login.status).toBe(200);
    });
  });
}
