import { messages } from '@ipam/core/messages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeOn, type TestDatabase } from '../../test/dialects.js';
import { buildTestApp, logCollector, type TestApp } from '../../test/factories.js';
import { startTcpRelay, type TcpRelay } from '../../test/tcp-relay.js';
import { openDatabase, type Db } from '../db/database.js';

describeOn('sqlite')('GET /api/health on sqlite', () => {
  let database: TestDatabase;
  let testApp: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    testApp = await buildTestApp(database);
  });
  afterAll(async () => {
    await testApp.app.close();
    await database.destroy();
  });

  it('is ok when the database answers', async () => {
    const response = await testApp.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});

describeOn('postgres')('GET /api/health on postgres whose server goes silent', () => {
  const log = logCollector();
  let database: TestDatabase;
  let relay: TcpRelay;
  let relayedDb: Db;
  let testApp: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    if (database.target.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
    const url = new URL(database.target.url);
    relay = await startTcpRelay(url.hostname, Number(url.port || 5432));
    url.host = `127.0.0.1:${relay.port}`;
    // The app reaches PostgreSQL only through the relay, which the test can cut.
    relayedDb = openDatabase({ kind: 'postgres', url: url.toString() });
    testApp = await buildTestApp(
      { ...database, db: relayedDb },
      { LOG_LEVEL: 'warn' },
      { logStream: log.stream },
    );
  });
  afterAll(async () => {
    relay.resume();
    await testApp.app.close();
    await relayedDb.destroy();
    await relay.close();
    await database.destroy();
  });

  it('is ok, then 503 with its message while the database does not answer, then ok again', async () => {
    const client = testApp.client();
    const before = await client.get('/api/health');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ status: 'ok' });

    relay.silence();
    const during = await client.get('/api/health');
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ status: 'unavailable', error: messages.databaseUnavailable });
    expect(log.text()).toContain('health: the database does not answer');

    relay.resume();
    const after = await client.get('/api/health');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ status: 'ok' });
  });
});
