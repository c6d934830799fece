import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { signUp as signUpUser } from '../src/auth/sign-up.js';
import { parseConfig, type Config } from '../src/config/env.js';
import type { Db } from '../src/db/database.js';
import { buildApp, type AppOptions } from '../src/app.js';
import { createTestDatabase, type Dialect, type TestDatabase } from './dialects.js';
import { TestClient } from './test-client.js';

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

export { TestClient, type TestResponse } from './test-client.js';

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
