import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { signUp as signUpUser } from '../src/auth/sign-up.js';
import { parseConfig, type Config } from '../src/config/env.js';
import type { Db } from '../src/db/database.js';
import { buildApp, type AppOptions } from '../src/app.js';
import { createTestDatabase, type Dialect, type TestDatabase } from './dialects.js';
import type { FetchLike } from './tls-fetch.js';

/** A unique, valid e-mail address for a test. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A password that passes the sign-up rules. */
export const goodPassword = 'correct horse battery';

/** Creates a user (with their own Free account) straight through the domain, without HTTP. */
export async function createUser(
  db: Db,
  fields: { email?: string; password?: string } = {},
): Promise<{ userId: string; accountId: string; email: string; password: string }> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? goodPassword;
  const ids = await signUpUser(db, { email, password });
  return { ...ids, email, password };
}

/** The test configuration: quiet logs and auth limits high enough never to trip by accident. */
export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
    ...env,
  });
}

/** Collects every log line the app writes (pass `stream` as the app's `logStream`). */
export function logCollector(): { stream: Writable; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** A response as tests look at it. */
export interface TestResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON from the server, checked by each test
  body: any;
  text: string;
}

/** An HTTP client with a cookie jar talking to a real listening server through fetch. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly defaultHeaders: Record<string, string> = {},
    /** How requests are sent: fetch, or one trusting a test certificate (tls-fetch.ts). */
    readonly send: FetchLike = (url, init) => fetch(url, init),
  ) {}

  /** Sends a request; a given body goes as JSON (a string as it is), none sends no body and no Content-Type. */
  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> {
    const hasBody = body !== undefined;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.send(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...this.defaultHeaders,
        ...headers,
      },
      ...(hasBody ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    this.storeCookies(response.headers.getSetCookie());
    const text = await response.text();
    let parsed: unknown = undefined;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  /** A GET of a path or full URL that does not follow a redirect: the test reads `location` itself. */
  async getWithoutFollowing(pathOrUrl: string): Promise<TestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`;
    const response = await this.send(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    this.storeCookies(response.headers.getSetCookie());
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') && text !== '';
    return {
      status: response.status,
      headers: response.headers,
      body: isJson ? JSON.parse(text) : undefined,
      text,
    };
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }
  put(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, body, headers);
  }
  delete(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('DELETE', path, body, headers);
  }

  private storeCookies(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const isExpired =
        value === '' ||
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
      if (isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A running app on a fresh database of one dialect. */
export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  db: Db;
  config: Config;
  baseUrl: string;
  /** A new client without cookies. */
  client(headers?: Record<string, string>): TestClient;
}

/** Builds the app on `db` and listens on 127.0.0.1 with a free port. */
export async function buildTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: AppOptions & { logStream?: Writable } = {},
): Promise<TestApp> {
  const config = testConfig({ IPAM_DATA_DIR: database.dataDir, ...env });
  const app = await buildApp(config, database.db, options);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    database,
    db: database.db,
    config,
    baseUrl: address,
    client: (headers) => new TestClient(address, headers),
  };
}

/** beforeAll/afterAll: a fresh database and a listening app for the enclosing describe block. */
export function useTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: AppOptions = {},
): { readonly current: TestApp } {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(dialect);
    testApp = await buildTestApp(database, env, options);
  });
  afterAll(async () => {
    await testApp?.app.close();
    await testApp?.database.destroy();
  });
  return {
    get current() {
      if (!testApp) throw new Error('test app not ready (use it inside a test)');
      return testApp;
    },
  };
}

/** Signs up a new user through the API; the returned client holds their session cookie. */
export async function signUp(
  testApp: TestApp,
  email = uniqueEmail(),
): Promise<{ client: TestClient; email: string; userId: string; accountId: string }> {
  const client = testApp.client();
  const response = await client.post('/api/auth/signup', { email, password: goodPassword });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  return {
    client,
    email,
    userId: response.body.user.id,
    accountId: response.body.accounts.find((a: { isOwner: boolean }) => a.isOwner).id,
  };
}

/** A local SMTP server that keeps every message it receives (for invite e-mails). */
export { startSmtpSink, type SmtpSink } from './smtp-sink.js';
