import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findAccountOfMember } from '../accounts/account-repository.js';
import { runChange } from '../commands/change.js';
import { createTestDatabase, describeOn, type TestDatabase } from '../../test/dialects.js';
import { createUser } from '../../test/factories.js';
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

  it("sends a change's events with its transaction: other processes hear them at the commit", async () => {
    const onFirst = listen(first, 'acc-5');
    const onSecond = listen(second, 'acc-5');
    const sent: AccountEvent[] = [
      { kind: 'address', id: '10.0.0.1', subnetId: 's5' },
      { kind: 'approval', id: 's5', subnetId: 's5' },
    ];
    const marker: AccountEvent = { kind: 'group', id: 'marker' };
    let deliver = () => {};
    await database.db.transaction().execute(async (trx) => {
      deliver = await first.publishWithin(trx, 'acc-5', sent);
      // NOTIFYs reach listeners in commit order: a NOTIFY committed now is heard before the change's.
      first.publish('acc-5', marker);
      await eventually(() => onSecond.length === 1);
      expect(onSecond).toEqual([marker]);
      expect(onFirst).toEqual([marker]);
    });
    await eventually(() => onSecond.length === 3);
    expect(onSecond).toEqual([marker, ...sent]);
    // This process's streams hear them when the change says it committed.
    expect(onFirst).toEqual([marker]);
    deliver();
    expect(onFirst).toEqual([marker, ...sent]);
  });

  it('sends nothing for a change that rolled back', async () => {
    const onSecond = listen(second, 'acc-6');
    await database.db
      .transaction()
      .execute(async (trx) => {
        await first.publishWithin(trx, 'acc-6', [{ kind: 'subnet', id: 'rolled-back', subnetId: 'x' }]);
        throw new Error('roll back');
      })
      .catch((error: unknown) => expect(String(error)).toContain('roll back'));
    first.publish('acc-6', { kind: 'group', id: 'after' });
    await eventually(() => onSecond.length === 1);
    expect(onSecond).toEqual([{ kind: 'group', id: 'after' }]);
  });

  it('runChange publishes through it: here once committed, elsewhere at the commit', async () => {
    const user = await createUser(database.db);
    const account = await findAccountOfMember(database.db, user.accountId, user.userId);
    if (!account) throw new Error('account not created');
    const onFirst = listen(first, account.id);
    const onSecond = listen(second, account.id);
    const event: AccountEvent = { kind: 'group', id: 'g-change' };
    await runChange({ db: database.db, account, userId: user.userId, events: first }, async (change) => {
      change.announce(event);
      expect(onFirst).toEqual([]);
    });
    expect(onFirst).toEqual([event]);
    await eventually(() => onSecond.length === 1);
    expect(onSecond).toEqual([event]);
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
