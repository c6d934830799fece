import { addressResponse } from '@ipam/core/api/ipam';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import {
  insertAddressRows,
  lockAddressRows,
  writeAddressRows,
} from '../addresses/address-write-repository.js';
import { stringifierOf } from '../http/response-serializer.js';
import { isPostgres, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';

const writeItem = stringifierOf(addressResponse);

/** Texts a JSON writer must escape or keep as they are. */
const awkwardTexts = [
  '',
  'say "hi"',
  'back\\slash',
  'tab\there\nand a line',
  'ÜBER 😀',
  '\u0001\u001f',
  '</script>',
];

/**
 * A user, their account, a group and the subnet 10.20.0.0/28, written as 0011's schema took them
 * (plain SQL: the application's code writes the latest schema, whose later columns 0011 lacks).
 */
async function seedAsOf0011(db: Db) {
  const at = '2026-01-01T00:00:00.000Z';
  await sql`insert into users (id, email, password_hash, created_at)
    values ('user-1', 'seed@example.com', 'x', ${at})`.execute(db);
  await sql`insert into accounts (id, uid, reference, tier, maxusers, maxnetworks, created_at)
    values ('account-1', 'user-1', 'seed', 1, 5, 500, ${at})`.execute(db);
  await sql`insert into users_accounts (user_id, account_id, created_at)
    values ('user-1', 'account-1', ${at})`.execute(db);
  await sql`insert into groups (id, account_id, parent_id, name, description, created_at, updated_date)
    values ('group-1', 'account-1', null, 'G', '', ${at}, ${at})`.execute(db);
  await sql`insert into subnets (id, account_id, group_id, name, vlan_id, description, version, network_ip,
      prefix_length, first_key, last_key, scanning_type, scan_now, created_at, updated_date)
    values ('subnet-1', 'account-1', 'group-1', 'S', 1, '', 4, '10.20.0.0', 28, '0a140000', '0a14000f',
      'none', 0, ${at}, ${at})`.execute(db);
  const subnet = { id: 'subnet-1', prefix: { version: 4 as const, network: 0x0a140000n, length: 28 } };
  return { ctx: { account: { id: 'account-1' }, userId: 'user-1' }, subnet };
}

/** Each stored row's item_json against what the response serialiser writes for the row's own columns. */
async function expectItemsOfColumns(db: Db, subnetId: string): Promise<number> {
  const rows = await db.selectFrom('ip_addresses').selectAll().where('subnet_id', '=', subnetId).execute();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const item = {
      id: row.id,
      ipAddress: row.ip_address,
      status: row.status,
      hostname: row.hostname,
      description: row.description,
      allowScannerUpdate: Number(row.allow_scanner_update) === 1,
      updatedDate: row.updated_date,
      updatedBy: row.updated_by,
      mac: row.mac,
      firstSeen: row.first_seen,
      lastSeen: row.last_seen,
      lastSeenBy: row.last_seen_by,
      previousMac: row.previous_mac,
      macChangedAt: row.mac_changed_at,
    };
    // Byte for byte: the list route sends this text as it is.
    expect(row.item_json, row.ip_address).toBe(writeItem(item));
  }
  return rows.length;
}

describeEachDialect('the stored address item (written by the write repository) on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it('keeps the rows 0011 computed through 0012, with the indexes, and code writes every later one', async () => {
    database = await createTestDatabase(dialect, { upTo: '2026-11-24-0011-address-item-json' });
    const { db } = database;
    const { ctx, subnet } = await seedAsOf0011(db);
    const ref = { id: subnet.id, version: subnet.prefix.version };
    // Written as 0011's schema took rows: every column but the one the database computed.
    for (const [i, text] of awkwardTexts.entries()) {
      const value = subnet.prefix.network + BigInt(i + 1);
      await sql`insert into ip_addresses (id, account_id, subnet_id, ip_address, sort_key, status, hostname,
          description, hostname_folded, description_folded, allow_scanner_update, updated_date, updated_by)
        values (${`row-${i}`}, ${ctx.account.id}, ${subnet.id}, ${`10.20.0.${i + 1}`},
          ${value.toString(16).padStart(8, '0')}, ${(['In Use', 'Reserved', 'Available'] as const)[i % 3]},
          ${text}, ${awkwardTexts[(i + 3) % awkwardTexts.length]}, ${text.toLowerCase()}, '',
          ${i % 2}, ${i === 2 ? null : '2026-01-02T03:04:05.678Z'}, ${i % 2 === 0 ? null : ctx.userId})`.execute(
        db,
      );
    }

    // 0012 keeps 0011's texts; 2026-11-28-0023-discovery-records and 0026-stale-and-mac-changes append
    // their fields to them.
    const ran = await migrateToLatest(db);
    expect(ran[0]).toBe('2026-11-27-0012-address-item-json-from-code');
    expect(ran).toContain('2026-11-28-0023-discovery-records');
    expect(ran).toContain('2026-11-28-0026-stale-and-mac-changes');
    expect(await expectItemsOfColumns(db, subnet.id)).toBe(awkwardTexts.length);

    // The rebuilt SQLite table kept its unique key and its status index.
    const again = { value: subnet.prefix.network + 1n, status: 'In Use' as const, hostname: '' };
    const row = { ...again, description: '', allowScannerUpdate: true, updatedDate: 'x', updatedBy: null };
    // (insertAddressRows writes rows no scanner has seen.)
    await expect(insertAddressRows(db, ctx.account.id, ref, [row])).rejects.toThrow();
    const indexes = isPostgres(db)
      ? await sql<{ name: string }>`select indexname as name from pg_indexes
          where tablename = 'ip_addresses'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'ip_addresses'`.execute(db);
    expect(indexes.rows.map((index) => index.name)).toContain('ip_addresses_subnet_status_key_idx');

    // A new row and an update of an old one (its id kept in the item) are written from code.
    await insertAddressRows(db, ctx.account.id, ref, [
      { ...row, value: subnet.prefix.network + 12n, hostname: 'new "one"' },
    ]);
    const { rows } = await lockAddressRows(db, ctx.account.id, ref, [subnet.prefix.network + 1n]);
    const [first] = rows;
    if (!first) throw new Error('the first row is gone');
    await writeAddressRows(db, ctx.account.id, ref, [
      {
        ...first,
        hostname: 'changed\\again',
        status: 'Reserved',
        updatedBy: null,
        mac: 'aa:bb:cc:dd:ee:ff',
        firstSeen: '2026-11-28T01:02:03.000Z',
        lastSeen: '2026-11-28T01:02:03.000Z',
        lastSeenBy: 'scanner "HQ" ÜBER',
      },
    ]);
    expect(await expectItemsOfColumns(db, subnet.id)).toBe(awkwardTexts.length + 1);
    const changed = await db
      .selectFrom('ip_addresses')
      .select('item_json')
      .where('id', '=', 'row-0')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(changed.item_json)).toMatchObject({
      id: 'row-0',
      hostname: 'changed\\again',
      mac: 'aa:bb:cc:dd:ee:ff',
      lastSeenBy: 'scanner "HQ" ÜBER',
    });
  });
});
