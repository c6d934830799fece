import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn } from '../../test/dialects.js';
import { buildTestApp, useTestApp } from '../../test/factories.js';
import { createSubnetIn, tierOnePerson } from '../../test/ipam-factories.js';
import { untilWaitingOnLocks } from '../../test/lock-waits.js';

/**
 * Two server processes on one PostgreSQL database (two apps, each with its own in-process waiting):
 * a duplicate reaching the other process while the first request runs gets the documented 409 with
 * Retry-After, and its retry the first answer. SQLite serves from one process only.
 */
describeOn('postgres')('Idempotency-Key across server processes (postgres)', () => {
  const t = useTestApp('postgres');

  it(
    'answers a duplicate at another process 409 while the first runs, then the first answer',
    { timeout: 60_000 },
    async () => {
      const other = await buildTestApp(t.current.database);
      try {
        const me = await tierOnePerson(t.current);
        const subnet = await createSubnetIn(me.ctx, '10.1.0.0/24');
        const made = await me.client.post(`/api/accounts/${me.accountId}/tokens`, {
          name: 'ci',
          scope: 'write',
          expiresInDays: 30,
        });
        const bearer = { authorization: `Bearer ${made.body.token as string}` };
        const here = t.current.client(bearer);
        const there = other.client(bearer);
        const path = `/api/accounts/${me.accountId}/subnets/${subnet.id}/addresses/next`;
        const headers = { 'idempotency-key': 'deploy-7' };

        // Hold the subnet row, so the first request claims its key and then waits in its allocation.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        let reportLocked = () => {};
        const isLocked = new Promise<void>((resolve) => (reportLocked = resolve));
        const holder = t.current.db.transaction().execute(async (trx) => {
          await trx.selectFrom('subnets').select('id').where('id', '=', subnet.id).forUpdate().execute();
          reportLocked();
          await held;
        });
        await isLocked;
        const first = here.post(path, { hostname: 'app-7' }, headers);
        await untilWaitingOnLocks(t.current.db, [first]);

        const elsewhere = await there.post(path, { hostname: 'app-7' }, headers);
        expect(elsewhere.status).toBe(409);
        expect(elsewhere.headers.get('retry-after')).toBe('1');
        expect(elsewhere.body).toEqual({
          error: messages.idempotencyInProgress,
          code: 'idempotency_in_progress',
        });

        release();
        await holder;
        const answer = await first;
        expect(answer.status).toBe(201);
        const retried = await there.post(path, { hostname: 'app-7' }, headers);
        expect(retried.status).toBe(201);
        expect(retried.text).toBe(answer.text);
        expect(retried.headers.get('idempotent-replayed')).toBe('true');
        const page = await here.get(
          `/api/accounts/${me.accountId}/subnets/${subnet.id}/addresses?filter=in-use`,
        );
        expect(page.body.total).toBe(1);
      } finally {
        await other.app.close();
      }
    },
  );
});
