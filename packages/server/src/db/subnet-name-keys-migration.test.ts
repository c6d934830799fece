import { nameSortKey, sortedByName } from '@ipam/core/name-order';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { migrateToLatest } from './migrate.js';

describeEachDialect('subnet name keys (migration 0035) on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('fills the sort key and the folded description of every subnet, and the engine sorts as core does', async () => {
    database = await createTestDatabase(dialect, { upTo: '2026-11-30-0035-idempotency-claim-leases' });
    const { db } = database;
    const at = '2026-01-01T00:00:00.000Z';
    await sql`insert into users (id, email, password_hash, created_at)
      values ('u1', 'u1@example.com', 'x', ${at})`.execute(db);
    await sql`insert into accounts (id, uid, reference, tier, maxusers, maxnetworks, created_at)
      values ('a1', 'u1', 'ref', 1, 5, 2000, ${at})`.execute(db);
    await sql`insert into groups (id, account_id, name, description, created_at, updated_date)
      values ('g1', 'a1', 'G', '', ${at}, ${at})`.execute(db);
    await sql`insert into vrfs (id, account_id, name, description, is_default, created_at, updated_date)
      values ('v1', 'a1', 'Global', '', 1, ${at}, ${at})`.execute(db);
    // More rows than the migration reads at once (1,000), some names apart only by case or accents.
    const special = ['ÉCOLE', 'école', 'Ecole', 'lab', 'LAB', 'Lab-2', 'Zulu'];
    const names = [...special, ...Array.from({ length: 1000 }, (_, i) => `Net ${i}`)];
    for (const [i, name] of names.entries()) {
      const third = (i % 256).toString(16).padStart(2, '0');
      const second = Math.floor(i / 256)
        .toString(16)
        .padStart(2, '0');
      await sql`insert into subnets (id, account_id, group_id, name, vlan_id, description, version, network_ip,
          prefix_length, first_key, last_key, scanning_type, scan_now, created_at, updated_date, vrf_id, kind)
        values (${`s-${String(i).padStart(4, '0')}`}, 'a1', 'g1', ${name}, 1, ${`Büro ${name}`}, 4,
          ${`10.${Math.floor(i / 256)}.${i % 256}.0`}, 24, ${`0a${second}${third}00`}, ${`0a${second}${third}ff`},
          'none', 0, ${at}, ${at}, 'v1', 'leaf')`.execute(db);
    }
    expect(await migrateToLatest(db)).toContain('2026-12-01-0035-subnet-name-keys');
    const rows = await db
      .selectFrom('subnets')
      .select(['id', 'name', 'name_key', 'description_folded'])
      .orderBy('name_key')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(names.length);
    for (const row of rows) {
      expect(row.name_key).toBe(nameSortKey(row.name));
      expect(row.description_folded).toBe(`büro ${row.name.toLowerCase()}`);
    }
    expect(rows.map((row) => row.id)).toEqual(sortedByName(rows).map((row) => row.id));
    expect(rows.filter((row) => special.includes(row.name)).map((row) => row.name)).toEqual([
      'Ecole',
      'LAB',
      'lab',
      'Lab-2',
      'Zulu',
      'ÉCOLE',
      'école',
    ]);
  });
});
