import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { describeEachDialect, describeOn, useTestDatabase } from '../../test/dialects.js';
import { addressFields, createAccountContext, createSubnetIn } from '../../test/ipam-factories.js';
import { setAddress } from '../addresses/address-writes.js';
import { createVrf } from '../vrfs/vrfs.js';
import { addressTextRanges } from '@ipam/core/address-text-ranges';
import {
  countWrittenMatches,
  firstLeavesInRanges,
  ownTextMatchesQuery,
  writtenMatchCountsQuery,
} from './search-repository.js';

describeEachDialect('search counts on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  // Found by the scale bench (issue 35): an account of 100,000 subnets searched for "gw" bound every
  // leaf's id in one statement, past PostgreSQL's 65,535 parameters (and SQLite's 32,766): a 500.
  it('count the matches of an account with more subnets than one statement may bind', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const first = await createSubnetIn(ctx, '10.40.0.0/24');
    const last = await createSubnetIn(ctx, '10.41.0.0/24');
    await setAddress(ctx, first.id, '10.40.0.1', addressFields({ status: 'In Use', hostname: 'gw-a' }));
    await setAddress(
      ctx,
      last.id,
      '10.41.0.1',
      addressFields({ status: 'In Use', hostname: 'gw-b', description: 'gw' }),
    );
    await setAddress(ctx, last.id, '10.41.0.2', addressFields({ status: 'In Use', hostname: 'printer' }));
    const others = Array.from({ length: 70_000 }, () => randomUUID());

    const totals = await countWrittenMatches(db, [first.id, ...others, last.id], {
      text: 'gw',
      address: null,
    });
    expect(Object.fromEntries(totals)).toEqual({
      [first.id]: { matching: 1, addressMatches: 0 },
      [last.id]: { matching: 1, addressMatches: 0 },
    });
  });

  it('reads only the leaves overlapping the ranges a text pins down, IPv4-mapped IPv6 included', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const inside = await createSubnetIn(ctx, '10.57.1.0/28', { name: 'B inside' });
    const around = await createSubnetIn(ctx, '110.57.0.0/16', { name: 'A around' });
    await createSubnetIn(ctx, '10.57.2.0/24', { name: 'C next door' });
    await createSubnetIn(ctx, '10.57.0.0/24', { name: 'D below' });
    await createSubnetIn(ctx, '2001:db8::/120', { name: 'E six' });
    const mapped = await createSubnetIn(ctx, '::ffff:10.57.1.0/120', { name: 'F mapped' });
    const ranges = addressTextRanges('10.57.1.') ?? [];
    const found = await firstLeavesInRanges(db, { accountId: ctx.account.id, vrfId: undefined }, ranges, 10);
    expect(found.map((subnet) => subnet.id)).toEqual([around.id, inside.id, mapped.id]);
    expect(await firstLeavesInRanges(db, { accountId: ctx.account.id, vrfId: undefined }, ranges, 1)).toEqual(
      [expect.objectContaining({ id: around.id })],
    );
  });

  // The leaves are found by where they start (issue 35): inside a range, or at a network holding a
  // range's first address and reaching it; a leaf starting at such a network that ends short of every
  // range it might hold is not among them. Each VRF's leaves are found.
  it('finds the leaves holding the first address of a range or starting inside one, in every VRF', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const lab = await createVrf(ctx, { name: 'Lab', rd: null, description: '' });
    const holding = await createSubnetIn(ctx, '10.57.1.16/28', { name: 'A holds .20' });
    const labHolding = await createSubnetIn(ctx, '10.57.1.16/28', { name: 'B holds .20', vrfId: lab.id });
    const reaching = await createSubnetIn(ctx, '10.57.1.192/28', { name: 'C holds .200' });
    const startingIn = await createSubnetIn(ctx, '10.57.1.208/28', { name: 'D starts at .208' });
    await createSubnetIn(ctx, '10.57.1.32/28', { name: 'E between' });
    await createSubnetIn(ctx, '10.57.1.0/28', { name: 'F starts where the /27 of .20 does, ends before it' });
    await createSubnetIn(ctx, '10.57.1.224/27', { name: 'G after' });
    await createSubnetIn(ctx, '110.57.1.0/28', { name: 'H another /24, ends before .20' });
    const far = await createSubnetIn(ctx, '210.0.0.0/8', { name: 'I holds 210.57.1.20' });
    const ranges = addressTextRanges('10.57.1.20') ?? [];
    const found = await firstLeavesInRanges(db, { accountId: ctx.account.id, vrfId: undefined }, ranges, 20);
    expect(found.map((subnet) => subnet.name)).toEqual(
      [holding, labHolding, reaching, startingIn, far].map((subnet) => subnet.name),
    );
    const inLab = await firstLeavesInRanges(db, { accountId: ctx.account.id, vrfId: lab.id }, ranges, 20);
    expect(inLab.map((subnet) => subnet.id)).toEqual([labHolding.id]);
  });
});

describeOn('postgres')('search indexes on postgres', () => {
  const database = useTestDatabase('postgres');

  /** The plan PostgreSQL makes for a statement when reading a table whole is its last resort. */
  async function planOf(query: { compile(): CompiledQuery }): Promise<string> {
    const compiled = query.compile();
    return database.current.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('serve the text conditions of both statements with the trigram indexes (migration 0035)', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const subnet = await createSubnetIn(ctx, '10.0.0.0/8', { name: 'Big' });
    await setAddress(ctx, subnet.id, '10.0.0.1', addressFields({ status: 'In Use', hostname: 'seed' }));
    // 100,000 subnets and addresses copied from those two in SQL, named by hashes (texts whose trigrams
    // are rare, as real names' are): the account's own index would find every one of them.
    // An address as text from its number (k), as the copies below need it.
    const dotted = (k: string) =>
      sql.raw(`(${k} >> 24) || '.' || (${k} >> 16 & 255) || '.' || (${k} >> 8 & 255) || '.' || (${k} & 255)`);
    await sql`insert into subnets (id, account_id, group_id, name, name_key, vlan_id, description,
        description_folded, version, network_ip, prefix_length, first_key, last_key, scanning_type,
        scan_now, created_at, updated_date, vrf_id, kind)
      select s.id || '-' || n, s.account_id, s.group_id, md5('s' || n), md5('s' || n) || chr(1) || md5('s' || n),
        1, '', '', 4, ${dotted('k')}, 24, lpad(to_hex(k), 8, '0'), lpad(to_hex(k + 255), 8, '0'),
        'none', 0, s.created_at, s.updated_date, s.vrf_id, 'leaf'
      from subnets s, generate_series(1, 100000) n, lateral (select 184549376 + n * 256 as k) network
      where s.id = ${subnet.id}`.execute(db);
    await sql`insert into ip_addresses (id, account_id, subnet_id, ip_address, sort_key, status, hostname,
        description, hostname_folded, description_folded, allow_scanner_update, item_json)
      select a.id || '-' || n, a.account_id, a.subnet_id, ${dotted('k')}, lpad(to_hex(k), 8, '0'), a.status,
        md5('a' || n), '', md5('a' || n), '', a.allow_scanner_update, a.item_json
      from ip_addresses a, generate_series(1, 100000) n, lateral (select 167772161 + n as k) address
      where a.subnet_id = ${subnet.id}`.execute(db);
    await sql`analyze subnets`.execute(db);
    await sql`analyze ip_addresses`.execute(db);

    const scope = { accountId: ctx.account.id, vrfId: undefined };
    const [{ name = '' } = {}] = await db
      .selectFrom('subnets')
      .select('name')
      .where('name', '=', sql<string>`md5('s1234')`)
      .execute();
    const own = await planOf(ownTextMatchesQuery(db, scope, { text: name.slice(3, 12), address: null }, 201));
    expect(own).toContain('subnets_text_trgm_idx');
    expect(own).not.toContain('Seq Scan');
    const [{ hostname = '' } = {}] = await db
      .selectFrom('ip_addresses')
      .select('hostname')
      .where('hostname', '=', sql<string>`md5('a1234')`)
      .execute();
    const written = await planOf(
      writtenMatchCountsQuery(db, scope, { text: hostname.slice(3, 12), address: null }),
    );
    expect(written).toContain('ip_addresses_text_trgm_idx');
    expect(written).not.toContain('Seq Scan');
    const byAddress = await planOf(
      writtenMatchCountsQuery(db, scope, { text: '10.0.7.1', address: '10.0.7.1' }),
    );
    expect(byAddress).toContain('ip_addresses_text_trgm_idx');
  });
});
