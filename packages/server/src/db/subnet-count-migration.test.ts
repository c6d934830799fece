import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { countSubnets } from '../subnets/subnet-repository.js';
import { migrateToLatest } from './migrate.js';

describeEachDialect('the subnet count kept with each account (migration 0015) on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('starts from the subnets each account already holds', async () => {
    database = await createTestDatabase(dialect, { upTo: '2026-11-27-0014-account-ipv6-prefixes' });
    const { db } = database;
    const at = '2026-01-01T00:00:00.000Z';
    for (const [account, subnets] of [
      ['a1', 3],
      ['a2', 0],
    ] as const) {
      await sql`insert into users (id, email, password_hash, created_at)
        values (${`u-${account}`}, ${`${account}@example.com`}, 'x', ${at})`.execute(db);
      await sql`insert into accounts (id, uid, reference, tier, maxusers, maxnetworks, created_at)
        values (${account}, ${`u-${account}`}, 'ref', 1, 5, 10, ${at})`.execute(db);
      await sql`insert into groups (id, account_id, name, description, created_at, updated_date)
        values (${`g-${account}`}, ${account}, 'G', '', ${at}, ${at})`.execute(db);
      for (let i = 0; i < subnets; i++) {
        await sql`insert into subnets (id, account_id, group_id, name, vlan_id, description, version, network_ip,
            prefix_length, first_key, last_key, scanning_type, scan_now, created_at, updated_date, vrf_id, kind)
          values (${`s-${account}-${i}`}, ${account}, ${`g-${account}`}, 'S', 1, '', 4, ${`10.0.${i}.0`}, 24,
            ${`0a00${i.toString(16).padStart(2, '0')}00`}, ${`0a00${i.toString(16).padStart(2, '0')}ff`}, 'none', 0,
            ${at}, ${at}, 'v', 'leaf')`.execute(db);
      }
    }
    expect(await migrateToLatest(db)).toContain('2026-11-27-0015-account-subnet-count');
    expect(await countSubnets(db, 'a1')).toBe(3);
    expect(await countSubnets(db, 'a2')).toBe(0);
  });
});
