import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { createAccountContext } from '../../test/ipam-factories.js';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { DeliveryOutcome, OutboxHandler, OutboxItem } from './outbox-item.js';
import { listItemsOfTarget } from './outbox-repository.js';
import { startOutboxWorker, type OutboxTiming } from './outbox-worker.js';

const timing: OutboxTiming = {
  pollMs: 50,
  attemptTimeoutMs: 2000,
  retryBaseMs: 20,
  retryMaxMs: 100,
  giveUpAfterMs: 60_000,
  keepFinishedMs: 60_000,
};

const quiet = { warn: () => undefined };

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A handler of a test kind: records what it delivered, failing the first `failures` attempts of each target. */
function recordingHandler(kind: string, failures = 0) {
  const delivered: { target: string; n: unknown; worker: string }[] = [];
  const tries = new Map<string, number>();
  const gaveUp: string[] = [];
  const handler = (worker: string): OutboxHandler => ({
    kind,
    async deliver(item: OutboxItem): Promise<DeliveryOutcome> {
      const tried = (tries.get(item.targetId) ?? 0) + 1;
      tries.set(item.targetId, tried);
      // A slow receiver widens the window in which a second worker could take the same item.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (tried <= failures) return { isDelivered: false, status: 500, error: 'answered 500' };
      delivered.push({ target: item.targetId, n: item.payload, worker });
      return { isDelivered: true, status: 200, responseExcerpt: 'ok' };
    },
    async gaveUp(item, reason) {
      if (reason === 'expired') gaveUp.push(item.id);
    },
  });
  return { delivered, gaveUp, handler };
}

async function enqueue(ctx: ChangeContext, kind: string, targetId: string, numbers: number[]): Promise<void> {
  await runChange(ctx, async ({ enqueue: put }) => {
    for (const n of numbers) put({ kind, targetId, label: `n${n}`, payload: n });
  });
}

describeEachDialect('outbox worker (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database.destroy());

  it(
    'sends the items of a target in order, each once, retrying a failing target',
    { timeout: 60_000 },
    async () => {
      const ctx = await createAccountContext(database.db);
      const { delivered, handler } = recordingHandler('ordered', 3);
      const worker = startOutboxWorker(database.db, [handler('a')], timing, quiet);
      try {
        await enqueue(ctx, 'ordered', 't1', [1, 2]);
        await enqueue(ctx, 'ordered', 't1', [3]);
        await enqueue(ctx, 'ordered', 't2', [10, 11]);
        await waitFor(() => delivered.length === 5);
        expect(delivered.filter((d) => d.target === 't1').map((d) => d.n)).toEqual([1, 2, 3]);
        expect(delivered.filter((d) => d.target === 't2').map((d) => d.n)).toEqual([10, 11]);
        const logOf = () => listItemsOfTarget(database.db, ctx.account.id, 'ordered', 't1', 10);
        // The handler answered before the attempt was settled: wait for the last settling.
        await waitFor(async () => (await logOf()).every((item) => item.state === 'delivered'));
        const log = await logOf();
        // Newest first; the first item took three failures and a success.
        expect(log.map((item) => [item.label, item.state, item.attempts])).toEqual([
          ['n3', 'delivered', 1],
          ['n2', 'delivered', 1],
          ['n1', 'delivered', 4],
        ]);
        expect(log[2]?.lastAttempt).toMatchObject({ status: 200, responseExcerpt: 'ok', error: null });
      } finally {
        await worker.stop();
      }
    },
  );

  it('writes nothing for a change that rolls back', async () => {
    const ctx = await createAccountContext(database.db);
    await expect(
      runChange(ctx, async ({ enqueue: put }) => {
        put({ kind: 'rolled', targetId: 't', label: 'x', payload: 1 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await listItemsOfTarget(database.db, ctx.account.id, 'rolled', 't', 10)).toEqual([]);
  });

  it('never lets two workers deliver one item twice', { timeout: 60_000 }, async () => {
    const ctx = await createAccountContext(database.db);
    const { delivered, handler } = recordingHandler('shared');
    const numbers = Array.from({ length: 40 }, (_, i) => i);
    for (const target of ['x', 'y', 'z', 'w']) await enqueue(ctx, 'shared', target, numbers);
    // The worker that takes the first item holds it until another worker has delivered one, so the
    // work is shared whatever the machine's load (a claim only one worker could make would time out).
    let firstWorker: string | null = null;
    const holdingFirst = (name: string): OutboxHandler => {
      const inner = handler(name);
      return {
        ...inner,
        async deliver(item, signal) {
          if (firstWorker === null) {
            firstWorker = name;
            await waitFor(() => delivered.some((d) => d.worker !== name), 20_000);
          }
          return inner.deliver(item, signal);
        },
      };
    };
    const workers = ['a', 'b', 'c'].map((name) =>
      startOutboxWorker(database.db, [holdingFirst(name)], timing, quiet),
    );
    try {
      await waitFor(() => delivered.length >= 160, 40_000);
      // Let any duplicate show up before counting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(delivered).toHaveLength(160);
      for (const target of ['x', 'y', 'z', 'w']) {
        expect(delivered.filter((d) => d.target === target).map((d) => d.n)).toEqual(numbers);
      }
      // More than one worker took part: the claim is shared, not one worker's.
      expect(new Set(delivered.map((d) => d.worker)).size).toBeGreaterThan(1);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });

  it(
    'gives an item up once it has failed past the give-up age, and tells the handler',
    { timeout: 60_000 },
    async () => {
      const ctx = await createAccountContext(database.db);
      const { delivered, gaveUp, handler } = recordingHandler('doomed', 1000);
      const worker = startOutboxWorker(database.db, [handler('a')], { ...timing, giveUpAfterMs: 300 }, quiet);
      try {
        await enqueue(ctx, 'doomed', 't', [1, 2]);
        await waitFor(() => gaveUp.length === 2);
        const log = await listItemsOfTarget(database.db, ctx.account.id, 'doomed', 't', 10);
        expect(log.map((item) => item.state)).toEqual(['failed', 'failed']);
        expect(log[1]?.attempts).toBeGreaterThan(1);
        expect(log[1]?.lastAttempt).toMatchObject({ status: 500, error: 'answered 500' });
        expect(delivered).toEqual([]);
      } finally {
        await worker.stop();
      }
    },
  );
});
