import { expect, it } from 'vitest';
import { describeOn, DIALECTS, useTestDatabase } from '../../test/dialects.js';
import { createUser } from '../../test/factories.js';
import { sql } from 'kysely';
import { isPostgres } from './database.js';
import { preparedQuery } from './prepared-query.js';

const usersByEmail = preparedQuery(['email'], (db, param) =>
  db.selectFrom('users').select(['id', 'email']).where('email', '=', param('email')).where('id', '<>', ''),
);

const accountsOfUser = preparedQuery(['userId', 'accountId'], (db, param) =>
  db
    .selectFrom('users_accounts')
    .select(['user_id', 'account_id'])
    .where('account_id', '=', param('accountId'))
    .where('user_id', '=', param('userId')),
);

for (const dialect of DIALECTS) {
  describeOn(dialect)(`prepared queries (${dialect})`, () => {
    const t = useTestDatabase(dialect);

    it('answers each call for its own values, fixed values kept, in any parameter order', async () => {
      const first = await createUser(t.current.db);
      const second = await createUser(t.current.db);
      expect(await usersByEmail(t.current.db, { email: first.email })).toEqual([
        { id: first.userId, email: first.email },
      ]);
      expect(await usersByEmail(t.current.db, { email: second.email })).toEqual([
        { id: second.userId, email: second.email },
      ]);
      expect(await usersByEmail(t.current.db, { email: 'nobody@example.com' })).toEqual([]);
      const link = { userId: second.userId, accountId: second.accountId };
      expect(await accountsOfUser(t.current.db, link)).toEqual([
        { user_id: second.userId, account_id: second.accountId },
      ]);
      expect(await accountsOfUser(t.current.db, { ...link, accountId: first.accountId })).toEqual([]);
    });

    it('runs inside a transaction and sees its uncommitted rows', async () => {
      const user = await createUser(t.current.db);
      const renamed = `renamed-${user.email}`;
      await t.current.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('users').set({ email: renamed }).where('id', '=', user.userId).execute();
          expect(await usersByEmail(trx, { email: renamed })).toEqual([{ id: user.userId, email: renamed }]);
          throw new Error('roll back');
        })
        .catch((error: unknown) => expect(String(error)).toContain('roll back'));
      expect(await usersByEmail(t.current.db, { email: renamed })).toEqual([]);
    });

    it('is prepared once per PostgreSQL connection and run by name after (SQLite: by its statement cache)', async () => {
      const user = await createUser(t.current.db);
      await t.current.db.transaction().execute(async (trx) => {
        // One transaction is one connection: what it prepared is listed there.
        for (let i = 0; i < 3; i++) expect(await usersByEmail(trx, { email: user.email })).toHaveLength(1);
        if (!isPostgres(trx)) return;
        const prepared = await sql<{ name: string; statement: string }>`select name, statement
          from pg_prepared_statements where statement like '%"users"%"email"%'`.execute(trx);
        expect(prepared.rows).toHaveLength(1);
        expect(prepared.rows[0]?.name).toMatch(/^ipam_\d+$/);
      });
    });

    it('binds numbers, null and (PostgreSQL) lists of texts, the same text for every value', async () => {
      const first = await createUser(t.current.db);
      const second = await createUser(t.current.db);
      const emails = [first.email, second.email].sort();
      const page = preparedQuery(['from', 'limit'], (db, param) =>
        db
          .selectFrom('users')
          .select('email')
          .where('email', '>=', param('from'))
          .where('email', 'in', emails)
          .orderBy('email')
          .limit(sql<number>`${param('limit')}`),
      );
      expect(await page(t.current.db, { from: '', limit: 1 })).toEqual([{ email: emails[0] }]);
      expect(await page(t.current.db, { from: '', limit: 5 })).toEqual(emails.map((email) => ({ email })));
      if (isPostgres(t.current.db)) {
        const named = preparedQuery(['name'], (db, param) =>
          db
            .selectFrom('users')
            .select('id')
            .where(sql<boolean>`${param('name')}::text is null`),
        );
        expect(await named(t.current.db, { name: null })).not.toEqual([]);
        const anyOf = preparedQuery(['emails'], (db, param) =>
          db
            .selectFrom('users')
            .select('id')
            .where(sql<boolean>`email = any(${param('emails')}::text[])`),
        );
        expect(await anyOf(t.current.db, { emails: [first.email, second.email] })).toHaveLength(2);
        expect(await anyOf(t.current.db, { emails: [first.email] })).toEqual([{ id: first.userId }]);
      }
    });

    it('is compiled once for the database and all its transactions, each answering its own rows', async () => {
      const user = await createUser(t.current.db);
      for (let i = 0; i < 2; i++) {
        await t.current.db.transaction().execute(async (trx) => {
          const renamed = `round-${i}-${user.email}`;
          await trx.updateTable('users').set({ email: renamed }).where('id', '=', user.userId).execute();
          expect(await usersByEmail(trx, { email: renamed })).toEqual([{ id: user.userId, email: renamed }]);
        });
      }
      expect(await usersByEmail(t.current.db, { email: `round-1-${user.email}` })).toHaveLength(1);
    });

    it('refuses a placeholder used inside a value (it would be sent as it is)', async () => {
      const pattern = preparedQuery(['text'], (db, param) =>
        db
          .selectFrom('users')
          .select('id')
          .where('email', 'like', `%${param('text')}%`),
      );
      await expect(pattern(t.current.db, { text: 'a' })).rejects.toThrow(/not a whole value/);
    });
  });
}
