import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeOn, type TestDatabase } from '../../test/dialects.js';
import { eventually } from '../../test/sse-client.js';
import type { AccountEvent } from './event-publisher.js';
import { eventChannel, startPgEventBus, type PgEventBus } from './pg-event-bus.js';

// PostgreSQL only: SQLite runs one process and uses the local bus (global-setup.ts says why PG is skipped).
describeOn('postgres')('PostgreSQL event bus (LISTEN/NOTIFY)', () => {
  let database: TestDatabase;
  let first: PgEventBus;
  let second: PgEventBus;
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const options = {
      url: database.target.url,
      db: database.db,
      warn: (message: string) => void warnings.push(message),
      reconnectDelayMs: 50,
    };
    first = await startPgEventBus(options);
    second = await startPgEventBus(options);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.destroy();
  });

  /** Records what one bus delivers to the account's local streams. */
  function listen(bus: PgEventBus, accountId: string): AccountEvent[] {
    const heard: AccountEvent[] = [];
    bus.subscribe(accountId, (event) => heard.push(event));
    return heard;
  }

  it('delivers a publish to its own process at once and to the other process once', async () => {
    const onFirst = listen(first, 'acc-1');
    const onSecond = listen(second, 'acc-1');
    const elsewhere = listen(second, 'acc-2');
    first.publish('acc-1', { kind: 'subnet', id: 's1', subnetId: 's1' });
    expect(onFirst).toEqual([{ kind: 'subnet', id: 's1', subnetId: 's1' }]);
    await eventually(() => onSecond.length === 1);
    second.publish('acc-1', { kind: 'group', id: 'g1' });
    await eventually(() => onFirst.length === 2);
    // A listener hears NOTIFYs in commit order: an echo of a process's own NOTIFY would arrive before
    // the next one from the other process (s1's at first before g1, g1's at second before i1). None may.
    first.publish('acc-1', { kind: 'invite', id: 'i1' });
    await eventually(() => onSecond.some((event) => event.id === 'i1'));
    expect(onFirst).toEqual([
      { kind: 'subnet', id: 's1', subnetId: 's1' },
      { kind: 'group', id: 'g1' },
      { kind: 'invite', id: 'i1' },
    ]);
    expect(onSecond).toEqual(onFirst);
    expect(elsewhere).toEqual([]);
  });

  it('ignores notifications that are not well-formed events', async () => {
    const heard = listen(second, 'acc-3');
    await sql`select pg_notify(${eventChannel}, ${'not json'})`.execute(database.db);
    await sql`select pg_notify(${eventChannel}, ${JSON.stringify({ accountId: 'acc-3' })})`.execute(
      database.db,
    );
    first.publish('acc-3', { kind: 'invite', id: 'i1' });
    await eventually(() => heard.length === 1);
    expect(heard).toEqual([{ kind: 'invite', id: 'i1' }]);
  });

  it('reconnects a listener whose connection was killed and carries events again', async () => {
    const heard = listen(second, 'acc-4');
    let resets = 0;
    second.onReset(() => resets++);
    const killed = await sql<{ pid: number }>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where application_name = 'ipam-events' and datname = current_database()`.execute(database.db);
    expect(killed.rows.length).toBe(2);
    await eventually(() => !second.isListening());
    await eventually(() => first.isListening() && second.isListening());
    first.publish('acc-4', { kind: 'user', id: 'u1' });
    await eventually(() => heard.length === 1);
    expect(heard).toEqual([{ kind: 'user', id: 'u1' }]);
    expect(warnings.some((w) => w.includes('reconnecting'))).toBe(true);
    // Events sent while it was down are lost: the local streams are told to end and refetch.
    expect(resets).toBe(1);
  });
});
