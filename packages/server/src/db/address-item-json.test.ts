import { addressResponse } from '@ipam/core/api/ipam';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { createAccountContext, createSubnetIn } from '../../test/ipam-factories.js';
import { readAddressPage } from '../addresses/address-reads.js';
import { insertAddressRows } from '../addresses/address-write-repository.js';
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

/** Each written row's item_json against what the response serialiser writes for the same item. */
async function expectItemsAsSerialised(db: Db, accountId: string, subnetId: string): Promise<number> {
  const page = await readAddressPage(db, accountId, subnetId, {
    filter: null,
    q: null,
    cursor: null,
    limit: 100,
  });
  const stored = await db
    .selectFrom('ip_addresses')
    .select(['ip_address', 'item_json'])
    .where('subnet_id', '=', subnetId)
    .execute();
  expect(stored.length).toBeGreaterThan(0);
  for (const row of stored) {
    const item = page.items.find((candidate) => candidate.ipAddress === row.ip_address);
    expect(item, row.ip_address).toBeDefined();
    // Byte for byte: the list route sends this text as it is.
    expect(row.item_json, row.ip_address).toBe(writeItem(item));
  }
  return stored.length;
}

describeEachDialect(
  'the stored address item (migration 2026-11-24-0011-address-item-json) on %s',
  (dialect) => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.destroy();
      database = undefined;
    });

    it('fills item_json for the rows written before it, keeps the indexes, and follows every later write', async () => {
      database = await createTestDatabase(dialect, { upTo: '2026-11-24-0010-audit-history' });
      const { db } = database;
      const ctx = await createAccountContext(db);
      const subnet = await createSubnetIn(ctx, '10.20.0.0/28');
      const ref = { id: subnet.id, version: subnet.prefix.version };
      const rows = awkwardTexts.map((text, i) => ({
        value: subnet.prefix.network + BigInt(i + 1),
        status: (['In Use', 'Reserved', 'Available'] as const)[i % 3] ?? 'In Use',
        hostname: text,
        description: awkwardTexts[(i + 3) % awkwardTexts.length] ?? '',
        allowScannerUpdate: i % 2 === 0,
        updatedDate: '2026-01-02T03:04:05.678Z',
        updatedBy: i % 2 === 0 ? null : ctx.userId,
      }));
      await insertAddressRows(db, ctx.account.id, ref, rows);
      // The column allows a row without an update date: its item says null there.
      await db
        .updateTable('ip_addresses')
        .set({ updated_date: null })
        .where('subnet_id', '=', subnet.id)
        .where('ip_address', '=', '10.20.0.3')
        .execute();

      expect(await migrateToLatest(db)).toEqual(['2026-11-24-0011-address-item-json']);
      expect(await expectItemsAsSerialised(db, ctx.account.id, subnet.id)).toBe(awkwardTexts.length);

      // The rebuilt SQLite table kept its unique key and its status index.
      await expect(insertAddressRows(db, ctx.account.id, ref, [rows[0]!])).rejects.toThrow();
      const indexes = isPostgres(db)
        ? await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'ip_addresses'`.execute(db)
        : await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'ip_addresses'`.execute(db);
      expect(indexes.rows.map((row) => row.name)).toContain('ip_addresses_subnet_status_key_idx');

      // Inserts and updates after the migration recompute it.
      await insertAddressRows(db, ctx.account.id, ref, [
        { ...rows[1]!, value: subnet.prefix.network + 12n, hostname: 'new "one"' },
      ]);
      await db
        .updateTable('ip_addresses')
        .set({ hostname: 'changed\\again', status: 'Reserved', allow_scanner_update: 1, updated_by: null })
        .where('subnet_id', '=', subnet.id)
        .where('ip_address', '=', '10.20.0.1')
        .execute();
      expect(await expectItemsAsSerialised(db, ctx.account.id, subnet.id)).toBe(awkwardTexts.length + 1);
    });
  },
);
