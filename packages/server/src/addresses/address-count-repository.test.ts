import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { addressFields, createAccountContext, createSubnetIn } from '../../test/ipam-factories.js';
import type { Db } from '../db/database.js';
import { deleteSubnet } from '../subnets/subnets.js';
import { findListedSubnet, readStatusCounts } from './address-count-repository.js';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { insertAddressRows, insertAddressRowsOfSubnets } from './address-write-repository.js';
import { clearAddress, setAddress } from './address-writes.js';

const statuses: readonly AddressStatus[] = ['Available', 'In Use', 'Reserved'];

/** The counts by definition: a group-by over the stored rows. */
async function countedByRows(db: Db, subnetId: string) {
  const rows = await db
    .selectFrom('ip_addresses')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('subnet_id', '=', subnetId)
    .groupBy('status')
    .execute();
  const counts: Record<string, bigint> = { Available: 0n, 'In Use': 0n, Reserved: 0n };
  for (const row of rows) counts[row.status] = BigInt(row.n);
  return counts;
}

describeEachDialect('written address counts on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  it('count each subnet of a bulk load of many subnets, past one statement of rows', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const subnets = [await createSubnetIn(ctx, '10.30.0.0/22'), await createSubnetIn(ctx, '10.31.0.0/24')];
    const base = (second: bigint) => (10n << 24n) | (second << 16n);
    const row = (value: bigint, i: number) => ({
      value,
      status: statuses[i % 3] ?? 'Available',
      hostname: `h${i}`,
      description: '',
      allowScannerUpdate: true,
      updatedDate: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
    });
    await insertAddressRowsOfSubnets(db, ctx.account.id, [
      // 700 and 20 rows: the first subnet's rows fill more than one multi-row statement.
      {
        subnet: { id: subnets[0]?.id ?? '', version: 4 },
        rows: Array.from({ length: 700 }, (_, i) => row(base(30n) + BigInt(i + 1), i)),
      },
      {
        subnet: { id: subnets[1]?.id ?? '', version: 4 },
        rows: Array.from({ length: 20 }, (_, i) => row(base(31n) + BigInt(i + 1), i + 1)),
      },
    ]);
    for (const subnet of subnets) {
      expect(await readStatusCounts(db, subnet.id)).toEqual(await countedByRows(db, subnet.id));
    }
    expect(await readStatusCounts(db, subnets[0]?.id ?? '')).toEqual({
      Available: 234n,
      'In Use': 233n,
      Reserved: 233n,
    });
    expect(await readStatusCounts(db, subnets[1]?.id ?? '')).toEqual({
      Available: 6n,
      'In Use': 7n,
      Reserved: 7n,
    });
  });

  it('stay equal to the stored rows through bulk inserts, concurrent writes and clears', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const subnet = await createSubnetIn(ctx, '10.20.0.0/26');
    expect(await readStatusCounts(db, subnet.id)).toEqual({ Available: 0n, 'In Use': 0n, Reserved: 0n });
    await insertAddressRows(
      db,
      ctx.account.id,
      { id: subnet.id, version: 4 },
      [40n, 41n, 42n].map((low, i) => ({
        value: (10n << 24n) | (20n << 16n) | low,
        status: statuses[i] ?? 'Available',
        hostname: '',
        description: '',
        allowScannerUpdate: true,
        updatedDate: '2026-01-01T00:00:00.000Z',
        updatedBy: null,
      })),
    );
    expect(await readStatusCounts(db, subnet.id)).toEqual(await countedByRows(db, subnet.id));

    // 120 writes over 20 addresses, 12 at a time: new rows, status changes, same-status edits, clears.
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const ip = `10.20.0.${1 + ((batch * 7 + i * 3) % 20) + 30}`;
          const status = statuses[(batch + i) % 3] ?? 'Available';
          return i % 5 === 4
            ? clearAddress(ctx, subnet.id, ip)
            : setAddress(ctx, subnet.id, ip, addressFields({ status, hostname: `h${batch}-${i}` }));
        }),
      );
      expect(await readStatusCounts(db, subnet.id), `batch ${batch}`).toEqual(
        await countedByRows(db, subnet.id),
      );
    }
  });

  it('come with the subnet for a page: prefix and counts in one look-up, only in its own account', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const other = await createAccountContext(db);
    const subnet = await createSubnetIn(ctx, '10.22.0.0/24');
    const prefix = { version: 4, network: (10n << 24n) | (22n << 16n), length: 24 };
    expect(await findListedSubnet(db, ctx.account.id, subnet.id)).toEqual({
      id: subnet.id,
      prefix,
      counts: { Available: 0n, 'In Use': 0n, Reserved: 0n },
      isContainer: false,
      staleAfterDays: null,
    });
    await setAddress(ctx, subnet.id, '10.22.0.1', addressFields({ status: 'In Use' }));
    await setAddress(ctx, subnet.id, '10.22.0.2', addressFields({ status: 'Reserved' }));
    expect(await findListedSubnet(db, ctx.account.id, subnet.id)).toEqual({
      id: subnet.id,
      prefix,
      counts: { Available: 0n, 'In Use': 1n, Reserved: 1n },
      isContainer: false,
      staleAfterDays: null,
    });
    expect(await findListedSubnet(db, other.account.id, subnet.id)).toBeUndefined();
    expect(await findListedSubnet(db, ctx.account.id, 'no-such-subnet')).toBeUndefined();
  });

  it('go with the subnet when it is deleted', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const subnet = await createSubnetIn(ctx, '10.21.0.0/28');
    await setAddress(ctx, subnet.id, '10.21.0.1', addressFields({ status: 'In Use' }));
    await deleteSubnet(ctx, subnet.id);
    const left = await db
      .selectFrom('ip_address_counts')
      .selectAll()
      .where('subnet_id', '=', subnet.id)
      .execute();
    expect(left).toEqual([]);
  });
});
