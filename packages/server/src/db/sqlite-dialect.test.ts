import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, describeOn, type TestDatabase } from '../../test/dialects.js';
import { createUser } from '../../test/factories.js';

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describeOn('sqlite')('SQLite reads beside a write transaction', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase('sqlite');
  });
  afterEach(() => t.destroy());

  const names = async () =>
    (await t.db.selectFrom('groups').select('name').orderBy('name').execute()).map((row) => row.name);

  it('answers a read at once with the last commit while another transaction is open', async () => {
    const { accountId } = await createUser(t.db);
    const row = (name: string) => ({
      id: name,
      account_id: accountId,
      parent_id: null,
      name,
      description: '',
      created_at: '2026-11-27T00:00:00Z',
      updated_date: '2026-11-27T00:00:00Z',
      updated_by: null,
    });
    await t.db.insertInto('groups').values(row('before')).execute();
    const hold = gate();
    const inserted = gate();
    const transaction = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('groups').values(row('inside')).execute();
      inserted.open();
      await hold.opened; // the transaction stays open until the test lets it go
    });
    await inserted.opened;

    // The read does not wait for the commit (it could not: the commit waits for this test), and does
    // not see the uncommitted row.
    expect(await names()).toEqual(['before']);

    // A write outside the transaction waits its turn.
    let isWritten = false;
    const write = t.db
      .insertInto('groups')
      .values(row('after'))
      .execute()
      .then(() => (isWritten = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isWritten).toBe(false);

    hold.open();
    await transaction;
    await write;
    expect(await names()).toEqual(['after', 'before', 'inside']);
  });

  it('rolls back a failed transaction and lets the next writer in', async () => {
    const { accountId } = await createUser(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('groups')
          .values({
            id: 'g1',
            account_id: accountId,
            parent_id: null,
            name: 'rolled back',
            description: '',
            created_at: '2026-11-27T00:00:00Z',
            updated_date: '2026-11-27T00:00:00Z',
            updated_by: null,
          })
          .execute();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await names()).toEqual([]);
    await t.db.updateTable('accounts').set({ maxnetworks: 7 }).where('id', '=', accountId).execute();
    const account = await t.db
      .selectFrom('accounts')
      .select('maxnetworks')
      .where('id', '=', accountId)
      .executeTakeFirst();
    expect(Number(account?.maxnetworks)).toBe(7);
  });
});
