import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { goodPassword, uniqueEmail, useTestApp } from '../../test/factories.js';
import { accountSession } from '../../test/ipam-factories.js';
import { closedWithin, openSocket, rawRequest } from '../../test/raw-http.js';

const foreign = { origin: 'https://evil.example', 'content-type': 'application/json' };
const login = (email: string) => JSON.stringify({ email, password: goodPassword });

// Issue 19: the guards decided by whether the raw URL started with /api/, so another spelling of the
// same route skipped them. They now decide by the route the router matched.
for (const dialect of DIALECTS) {
  describeOn(dialect)(`guards that cannot be side-stepped (${dialect})`, () => {
    const t = useTestApp(dialect, { ALLOWED_HOSTS: 'ipam.internal' });

    it('refuses a foreign Origin however the path is spelled (/%61pi/, absolute-form, plain)', async () => {
      const targets = [
        '/api/auth/login',
        '/%61pi/auth/login',
        '/api/auth/%6Cogin',
        `http://${new URL(t.current.baseUrl).host}/api/auth/login`,
      ];
      for (const target of targets) {
        const answer = await rawRequest(t.current.baseUrl, {
          method: 'POST',
          target,
          headers: foreign,
          body: login(uniqueEmail()),
        });
        expect(answer.status, target).toBe(403);
        expect(JSON.parse(answer.body), target).toEqual({
          error: messages.foreignOrigin,
          code: 'foreign_origin',
        });
      }
    });

    it('refuses a form-encoded body on an encoded path (415), and NUL in its JSON (400, never 500)', async () => {
      const form = await rawRequest(t.current.baseUrl, {
        method: 'POST',
        target: '/%61pi/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40b.example&password=x',
      });
      expect(form.status).toBe(415);
      expect(JSON.parse(form.body).code).toBe('json_required');
      const nul = await rawRequest(t.current.baseUrl, {
        method: 'POST',
        target: '/%61pi/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a\u0000@example.com', password: goodPassword }),
      });
      expect(nul.status).toBe(400);
      expect(JSON.parse(nul.body)).toEqual({
        error: messages.textHasNul,
        code: 'validation_failed',
        fields: { email: messages.textHasNul },
      });
    });

    it('answers unknown API paths and malformed escapes in the {error, code} shape', async () => {
      for (const [method, target] of [
        ['GET', '/api/nothing-here'],
        ['POST', '/api/nothing-here'],
        ['DELETE', '/%61pi/nothing-here'],
      ] as const) {
        const answer = await rawRequest(t.current.baseUrl, { method, target });
        expect(answer.status, `${method} ${target}`).toBe(404);
        expect(JSON.parse(answer.body)).toEqual({ error: messages.notFound, code: 'not_found' });
      }
      const bad = await rawRequest(t.current.baseUrl, { method: 'GET', target: '/api/%zz' });
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body)).toEqual({ error: messages.invalidRequest, code: 'validation_failed' });
    });

    it('answers 421 to a host name it does not serve (DNS rebinding), and serves its own', async () => {
      const rebound = await rawRequest(t.current.baseUrl, {
        method: 'GET',
        target: '/api/health',
        headers: { host: 'attacker.example:8080' },
      });
      expect(rebound.status).toBe(421);
      expect(JSON.parse(rebound.body)).toEqual({ error: messages.hostNotAllowed, code: 'host_not_allowed' });
      const page = await rawRequest(t.current.baseUrl, {
        method: 'GET',
        target: '/',
        headers: { host: 'attacker.example' },
      });
      expect(page.status).toBe(421);
      for (const host of [
        '127.0.0.1:1',
        'localhost:8080',
        '[::1]:8080',
        'ipam.internal',
        'IPAM.internal:443',
      ]) {
        const answer = await rawRequest(t.current.baseUrl, {
          method: 'GET',
          target: '/api/health',
          headers: { host },
        });
        expect(answer.status, host).toBe(200);
      }
    });

    it('marks every API answer Cache-Control: no-store (errors included)', async () => {
      const me = await accountSession(t.current);
      const answers = [
        await t.current.client().get('/api/health'),
        await me.client.get('/api/auth/me'),
        await me.call('GET', '/groups'),
        await t.current.client().get('/api/auth/me'),
        await t.current.client().get('/api/nothing-here'),
      ];
      for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
    });

    it('refuses text with a lone UTF-16 surrogate (400 naming the field); a surrogate pair is fine', async () => {
      const me = await accountSession(t.current);
      const lone = await me.call('POST', '/groups', '{"name":"Lab \\ud800"}');
      expect(lone.status).toBe(400);
      expect(lone.body).toEqual({
        error: messages.textNotWellFormed,
        code: 'validation_failed',
        fields: { name: messages.textNotWellFormed },
      });
      const pair = await me.call('POST', '/groups', '{"name":"Lab \\ud83d\\ude80"}');
      expect(pair.status).toBe(201);
      expect(pair.body.name).toBe('Lab \u{1F680}');
      const groups = await me.call('GET', '/groups');
      expect(groups.body.items.map((group: { name: string }) => group.name)).toEqual(['Lab \u{1F680}']);
    });
  });

  describeOn(dialect)(`slow clients and connection count (${dialect})`, () => {
    const t = useTestApp(dialect, { REQUEST_TIMEOUT_SECONDS: '1', MAX_CONNECTIONS: '4' });

    it('cuts off a client that trickles its body past the request timeout', async () => {
      const socket = await openSocket(t.current.baseUrl);
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{"email":',
      );
      const trickle = setInterval(() => socket.write(' '), 200);
      const closedAfter = await closedWithin(socket, 10_000);
      clearInterval(trickle);
      socket.destroy();
      // Node checks the timeout on a timer of its own: the cut comes between 1 and a few seconds.
      expect(closedAfter).toBeGreaterThan(0);
      expect(closedAfter).toBeLessThan(8_000);
    });

    it('accepts no more connections than MAX_CONNECTIONS at once, and serves again once they close', async () => {
      const held = await Promise.all([1, 2, 3, 4].map(() => openSocket(t.current.baseUrl)));
      const extra = await openSocket(t.current.baseUrl);
      expect(await closedWithin(extra, 5_000)).toBeGreaterThanOrEqual(0);
      for (const socket of held) socket.destroy();
      // The server counts a closed socket once it has seen it close.
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
        status = await t.current
          .client()
          .get('/api/health')
          .then((answer) => answer.status)
          .catch(() => 0);
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(200);
    });
  });
}
