import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { findMemberRole } from '../roles/member-role-repository.js';
import { migrateToLatest } from './migrate.js';

describeEachDialect('member roles (migration 0024) on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it("makes each account's holder its owner, every other member an editor, and pending invites editors", async () => {
    database = await createTestDatabase(dialect, { upTo: '2026-11-28-0023-discovery-records' });
    const { db } = database;
    const at = '2026-01-01T00:00:00.000Z';
    for (const user of ['holder', 'member']) {
      await sql`insert into users (id, email, password_hash, created_at)
        values (${user}, ${`${user}@example.com`}, 'x', ${at})`.execute(db);
    }
    await sql`insert into accounts (id, uid, reference, tier, maxusers, maxnetworks, created_at)
      values ('a1', 'holder', 'ref', 1, 5, 10, ${at})`.execute(db);
    for (const user of ['holder', 'member']) {
      await sql`insert into users_accounts (user_id, account_id, created_at)
        values (${user}, 'a1', ${at})`.execute(db);
    }
    await sql`insert into pending_invites (id, account_id, email, invited_at, invited_by, token_hash)
      values ('i1', 'a1', 'later@example.com', ${at}, 'holder', null)`.execute(db);

    expect(await migrateToLatest(db)).toContain('2026-11-28-0024-member-roles');
    expect(await findMemberRole(db, 'a1', 'holder')).toBe('owner');
    expect(await findMemberRole(db, 'a1', 'member')).toBe('editor');
    const invite = await db.selectFrom('pending_invites').select('role').executeTakeFirstOrThrow();
    expect(invite.role).toBe('editor');
  });
});
