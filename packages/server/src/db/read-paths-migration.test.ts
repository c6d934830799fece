import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { listPendingApprovals } from '../accounts/dashboard-repository.js';
import { migrateToLatest } from './migrate.js';

describeEachDialect('read paths (migration 0035) on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('counts the approval entries waiting in each leaf, and the dashboard ranks by them', async () => {
    database = await createTestDatabase(dialect, { upTo: '2026-12-03-0035-leaf-use' });
    const { db } = database;
    const at = '2026-01-01T00:00:00.000Z';
    await sql`insert into users (id, email, password_hash, created_at)
      values ('u1', 'u1@example.com', 'x', ${at})`.execute(db);
    for (const account of ['a1', 'a2']) {
      await sql`insert into accounts (id, uid, reference, tier, maxusers, maxnetworks, created_at)
        values (${account}, 'u1', ${`ref-${account}`}, 1, 5, 2000, ${at})`.execute(db);
      await sql`insert into groups (id, account_id, name, description, created_at, updated_date)
        values (${`g-${account}`}, ${account}, 'G', '', ${at}, ${at})`.execute(db);
      await sql`insert into vrfs (id, account_id, name, description, is_default, created_at, updated_date)
        values (${`v-${account}`}, ${account}, 'Global', '', 1, ${at}, ${at})`.execute(db);
    }
    // Leaves with 3, 1, 0 and 3 entries waiting (the last in another account), as the schema before held them.
    const leaves = [
      { id: 's-many', account: 'a1', name: 'Many', third: 1, waiting: 3 },
      { id: 's-one', account: 'a1', name: 'One', third: 2, waiting: 1 },
      { id: 's-none', account: 'a1', name: 'None', third: 3, waiting: 0 },
      { id: 's-theirs', account: 'a2', name: 'Theirs', third: 1, waiting: 3 },
    ];
    for (const leaf of leaves) {
      const key = `0a00${leaf.third.toString(16).padStart(2, '0')}`;
      await sql`insert into subnets (id, account_id, group_id, name, name_key, vlan_id, description, version,
          network_ip, prefix_length, first_key, last_key, scanning_type, scan_now, created_at, updated_date,
          vrf_id, kind)
        values (${leaf.id}, ${leaf.account}, ${`g-${leaf.account}`}, ${leaf.name}, ${leaf.name.toLowerCase()}, 1,
          '', 4, ${`10.0.${leaf.third}.0`}, 24, ${`${key}00`}, ${`${key}ff`}, 'approval', 0, ${at}, ${at},
          ${`v-${leaf.account}`}, 'leaf')`.execute(db);
      await sql`insert into ip_address_counts (subnet_id, in_use, reserved, available, account_id, version,
          prefix_length, name_key)
        values (${leaf.id}, 0, 0, 0, ${leaf.account}, 4, 24, ${leaf.name.toLowerCase()})`.execute(db);
      for (let host = 1; host <= leaf.waiting; host++) {
        await sql`insert into approvals (id, account_id, subnet_id, ip_address, sort_key, status, hostname,
            description, created_at)
          values (${`${leaf.id}-${host}`}, ${leaf.account}, ${leaf.id}, ${`10.0.${leaf.third}.${host}`},
            ${`${key}0${host}`}, 'Available', '', '', ${at})`.execute(db);
      }
    }

    expect(await migrateToLatest(db)).toContain('2026-12-04-0035-read-paths');
    const kept = await db.selectFrom('ip_address_counts').select(['subnet_id', 'pending']).execute();
    expect(Object.fromEntries(kept.map((row) => [row.subnet_id, Number(row.pending)]))).toEqual(
      Object.fromEntries(leaves.map((leaf) => [leaf.id, leaf.waiting])),
    );
    const ranked = await listPendingApprovals(db, 'a1', 5);
    expect(ranked.total).toBe(4);
    expect(ranked.subnets.map((entry) => [entry.name, entry.count])).toEqual([
      ['Many', 3],
      ['One', 1],
    ]);
  });
});
