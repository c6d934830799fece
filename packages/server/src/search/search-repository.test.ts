import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { addressFields, createAccountContext, createSubnetIn } from '../../test/ipam-factories.js';
import { setAddress } from '../addresses/address-writes.js';
import { addressTextRanges } from '@ipam/core/address-text-ranges';
import { countWrittenMatches, firstLeavesInRanges } from './search-repository.js';

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
});
