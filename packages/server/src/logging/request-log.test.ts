import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp, type TestApp } from '../../test/factories.js';
import { cookieOf, eventually, openEventStream } from '../../test/sse-client.js';

/** Collects every log line the app writes. */
function logCollector(): { stream: Writable; lines(): string[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString('utf8');
      callback();
    },
  });
  return { stream, lines: () => text.split('\n').filter((line) => line !== '') };
}

type Entry = {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
};

const summary = /^GET \/api\/health 200 \d+\.\d ms$/;
const secrets = {
  password: 'very secret phrase 42',
  wrongPassword: 'wrong secret phrase 43',
  bearer: 'Bearer secret-bearer-token-6f1c',
  cookie: 'ipam_session=secret-cookie-value-9d2e',
};

/** Requests carrying every kind of secret: a password in a body, a cookie and an authorization header. */
async function sendSecrets(testApp: TestApp): Promise<void> {
  const client = testApp.client();
  const email = uniqueEmail('logged');
  expect((await client.post('/api/auth/signup', { email, password: secrets.password })).status).toBe(201);
  expect((await client.post('/api/auth/login', { email, password: secrets.wrongPassword })).status).toBe(401);
  const stranger = testApp.client({ authorization: secrets.bearer, cookie: secrets.cookie });
  expect((await stranger.get('/api/auth/me')).status).toBe(401);
  expect((await stranger.post('/api/auth/login', { email, password: secrets.password })).status).toBe(200);
  // Request lines carry no headers or bodies; a handler that logs them anyway is redacted.
  const leak = {
    headers: { cookie: secrets.cookie, authorization: secrets.bearer },
    body: { email, password: secrets.password },
  };
  testApp.app.log.info(leak, 'a careless handler');
}

function expectNoSecret(text: string): void {
  for (const secret of [...Object.values(secrets), 'secret-bearer-token', 'secret-cookie-value']) {
    expect(text).not.toContain(secret);
  }
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`request log as JSON (${dialect})`, () => {
    const logs = logCollector();
    const t = useTestApp(dialect, { LOG_LEVEL: 'trace', LOG_FORMAT: 'json' }, { logStream: logs.stream });
    const entries = () => logs.lines().map((line) => JSON.parse(line) as Entry);

    it('writes one line per request: method, URL, status and time', async () => {
      const before = logs.lines().length;
      expect((await t.current.client().get('/api/health')).status).toBe(200);
      expect((await t.current.client().get('/api/no-such-thing')).status).toBe(404);
      await eventually(() => logs.lines().length >= before + 2);
      const [health, missing, ...rest] = entries().slice(before);
      expect(rest).toEqual([]);
      expect(health).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/api/health' },
        res: { statusCode: 200 },
      });
      expect(health?.msg).toMatch(summary);
      expect(missing?.msg).toMatch(/^GET \/api\/no-such-thing 404 /);
    });

    it('never contains a password, a cookie or an authorization header', async () => {
      await sendSecrets(t.current);
      const text = logs.lines().join('\n');
      expect(text).toContain('POST /api/auth/login 401');
      expect(text).toContain('"cookie":"[redacted]"');
      expectNoSecret(text);
    });

    it('logs a stream the client closed at debug, not as an error', async () => {
      const { client, accountId } = await signUp(t.current);
      const url = `${t.current.baseUrl}/api/accounts/${accountId}/events`;
      const stream = await openEventStream(url, cookieOf(client));
      expect(stream.status).toBe(200);
      stream.close();
      const isClosedLine = (entry: Entry) =>
        entry.msg.includes('/events 200') && entry.msg.endsWith('closed by the client');
      await eventually(() => entries().some(isClosedLine));
      expect(
        entries()
          .filter(isClosedLine)
          .map((entry) => entry.level),
      ).toEqual([20]);
      const streamLines = entries().filter(
        (entry) => entry.msg.includes('/events') || /stream/i.test(entry.msg),
      );
      expect(streamLines.filter((entry) => entry.level >= 30)).toEqual([]);
    });
  });

  describeOn(dialect)(`request log in pretty format (${dialect})`, () => {
    const logs = logCollector();
    const t = useTestApp(dialect, { LOG_LEVEL: 'trace', LOG_FORMAT: 'pretty' }, { logStream: logs.stream });

    it('writes one readable line per request', async () => {
      const before = logs.lines().length;
      expect((await t.current.client().get('/api/health')).status).toBe(200);
      await eventually(() => logs.lines().length > before);
      expect(logs.lines().slice(before)).toEqual([
        expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/health 200 /),
      ]);
    });

    it('never contains a password, a cookie or an authorization header', async () => {
      await sendSecrets(t.current);
      const text = logs.lines().join('\n');
      expect(text).toMatch(/INFO {2}POST \/api\/auth\/login 401 /);
      expect(text).toContain('a careless handler headers={"cookie":"[redacted]"');
      expect(logs.lines().every((line) => /^(\d\d:\d\d:\d\d [A-Z]+ | {4})/.test(line))).toBe(true);
      expectNoSecret(text);
    });
  });
}
