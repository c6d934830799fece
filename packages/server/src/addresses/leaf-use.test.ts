import { randomUUID } from 'node:crypto';
import { NEXT_FREE_DEFAULTS } from '@ipam/core/schemas/next-free-schemas';
import { nameSortKey } from '@ipam/core/name-order';
import { usableHostCount, type IpVersion } from '@ipam/core/prefix';
import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import {
  addressFields,
  createAccountContext,
  createSubnetIn,
  waitingEntryAt,
} from '../../test/ipam-factories.js';
import type { ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { deleteSubnet, editSubnet } from '../subnets/subnets.js';
import { insertAddressRowsOfSubnets } from './address-write-repository.js';
import { clearAddress, setAddress } from './address-writes.js';
import {
  deleteAllApprovals,
  deleteApprovals,
  deleteApprovalsAt,
  replaceApprovals,
} from '../approvals/approval-repository.js';
import { assignNextFree } from './next-free.js';

interface Totals {
  subnets: number;
  inUse: number;
  reserved: number;
}

/** The dashboard's figures by definition: every leaf of the account and a group-by over its address rows. */
async function recounted(db: Db, accountId: string) {
  const leaves = await db
    .selectFrom('subnets')
    .select(['id', 'version', 'prefix_length', 'name_key'])
    .where('account_id', '=', accountId)
    .where('kind', '=', 'leaf')
    .execute();
  const totals = new Map<string, Totals>();
  const rows = new Map<string, { key: string; nameKey: string; share: number; pending: number }>();
  for (const leaf of leaves) {
    const waiting = await db
      .selectFrom('approvals')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('subnet_id', '=', leaf.id)
      .executeTakeFirstOrThrow();
    const counted = await db
      .selectFrom('ip_addresses')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('subnet_id', '=', leaf.id)
      .groupBy('status')
      .execute();
    const of = (status: string) => Number(counted.find((row) => row.status === status)?.n ?? 0);
    const key = `${leaf.version}/${leaf.prefix_length}`;
    const sum = totals.get(key) ?? { subnets: 0, inUse: 0, reserved: 0 };
    totals.set(key, {
      subnets: sum.subnets + 1,
      inUse: sum.inUse + of('In Use'),
      reserved: sum.reserved + of('Reserved'),
    });
    const usable = Number(usableHostCount(leaf.version as IpVersion, Number(leaf.prefix_length)));
    rows.set(leaf.id, {
      key,
      nameKey: leaf.name_key,
      share: (of('In Use') + of('Reserved')) / usable,
      pending: Number(waiting.n),
    });
  }
  return { totals, rows };
}

/** What is kept: the account's totals rows and its leaves' counts rows. */
async function kept(db: Db, accountId: string) {
  const totalRows = await db
    .selectFrom('leaf_use_totals')
    .selectAll()
    .where('account_id', '=', accountId)
    .execute();
  const totals = new Map<string, Totals>();
  for (const row of totalRows) {
    const sum = { subnets: Number(row.subnets), inUse: Number(row.in_use), reserved: Number(row.reserved) };
    // A length whose last leaf was deleted keeps a row of zeros.
    if (sum.subnets === 0) expect(sum).toEqual({ subnets: 0, inUse: 0, reserved: 0 });
    else totals.set(`${row.version}/${row.prefix_length}`, sum);
  }
  const countRows = await db
    .selectFrom('ip_address_counts')
    .select(['subnet_id', 'version', 'prefix_length', 'name_key', 'share', 'pending'])
    .where('account_id', '=', accountId)
    .execute();
  const rows = new Map(
    countRows.map((row) => [
      row.subnet_id,
      {
        key: `${row.version}/${row.prefix_length}`,
        nameKey: row.name_key,
        share: Number(row.share),
        pending: Number(row.pending),
      },
    ]),
  );
  return { totals, rows };
}

async function expectKeptAsRecounted(ctx: ChangeContext, step: string) {
  const { db } = ctx;
  const [want, have] = [await recounted(db, ctx.account.id), await kept(db, ctx.account.id)];
  expect(have.totals, step).toEqual(want.totals);
  expect([...have.rows.keys()].sort(), step).toEqual([...want.rows.keys()].sort());
  for (const [id, row] of want.rows) {
    const keptRow = have.rows.get(id);
    expect(
      { key: keptRow?.key, nameKey: keptRow?.nameKey, pending: keptRow?.pending },
      `${step}: ${id}`,
    ).toEqual({
      key: row.key,
      nameKey: row.nameKey,
      pending: row.pending,
    });
    expect(keptRow?.share, `${step}: share of ${id}`).toBeCloseTo(row.share, 12);
  }
}

describeEachDialect('the dashboard figures kept as counts change on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  it('equal a recount through creates, writes of every kind, bulk loads, renames and deletes', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const other = await createAccountContext(db);
    const otherLeaf = await createSubnetIn(other, '10.50.1.0/24');
    await createSubnetIn(ctx, '10.50.0.0/16', { kind: 'container' });
    const wide = await createSubnetIn(ctx, '10.50.1.0/24');
    const small = await createSubnetIn(ctx, '10.50.2.0/28');
    const pair = await createSubnetIn(ctx, '10.50.3.0/31');
    const v6 = await createSubnetIn(ctx, '2001:db8:50::/120');
    await expectKeptAsRecounted(ctx, 'created');

    // Written at once (PostgreSQL runs them side by side): new rows, status changes, same-status edits.
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        setAddress(
          ctx,
          wide.id,
          `10.50.1.${1 + (i % 8)}`,
          addressFields({ status: i % 3 ? 'In Use' : 'Reserved' }),
        ),
      ),
      setAddress(ctx, small.id, '10.50.2.1', addressFields({ status: 'Reserved' })),
      setAddress(ctx, pair.id, '10.50.3.1', addressFields({ status: 'In Use' })),
      setAddress(ctx, v6.id, '2001:db8:50::1', addressFields({ status: 'In Use' })),
      setAddress(ctx, v6.id, '2001:db8:50::2', addressFields({ status: 'Available', hostname: 'kept' })),
    ]);
    await expectKeptAsRecounted(ctx, 'written');

    await assignNextFree(ctx, wide.id, { ...NEXT_FREE_DEFAULTS, count: 3, status: 'Reserved' });
    await clearAddress(ctx, wide.id, '10.50.1.2');
    await setAddress(ctx, small.id, '10.50.2.1', addressFields({ status: 'Available' }));
    await expectKeptAsRecounted(ctx, 'allocated and cleared');

    const row = (value: bigint, status: 'In Use' | 'Reserved') => ({
      value,
      status,
      hostname: '',
      description: '',
      allowScannerUpdate: true,
      updatedDate: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
    });
    await insertAddressRowsOfSubnets(db, ctx.account.id, [
      {
        subnet: { id: wide.id, version: 4 },
        rows: [row(0x0a320164n, 'In Use'), row(0x0a320165n, 'Reserved')],
      },
      { subnet: { id: small.id, version: 4 }, rows: [row(0x0a320209n, 'In Use')] },
    ]);
    await expectKeptAsRecounted(ctx, 'bulk loaded');

    // Scan findings waiting (issue 35: the dashboard ranks subnets by their kept count): added,
    // replaced at the same address (a rescan), settled one by one, by address, and all at once.
    const ref = (subnet: { id: string }) => ({ id: subnet.id, version: 4 as const });
    const wideFindings = ['10.50.1.50', '10.50.1.51', '10.50.1.52', '10.50.1.53'].map(waitingEntryAt);
    await replaceApprovals(db, ctx.account.id, ref(wide), wideFindings);
    await replaceApprovals(db, ctx.account.id, ref(small), [
      waitingEntryAt('10.50.2.5'),
      waitingEntryAt('10.50.2.6'),
    ]);
    await replaceApprovals(db, ctx.account.id, ref(wide), [
      waitingEntryAt('10.50.1.50'),
      waitingEntryAt('10.50.1.60'),
    ]);
    await replaceApprovals(db, other.account.id, ref(otherLeaf), [waitingEntryAt('10.50.1.9')]);
    await expectKeptAsRecounted(ctx, 'findings added and replaced');
    await deleteApprovals(db, wide.id, [wideFindings[1]?.id ?? '', wideFindings[1]?.id ?? '', randomUUID()]);
    await deleteApprovalsAt(db, ref(wide), [0x0a320134n, 0x0a3201ffn]);
    await expectKeptAsRecounted(ctx, 'findings settled');
    await deleteAllApprovals(db, small.id);
    await expectKeptAsRecounted(ctx, 'findings withdrawn');

    await editSubnet(ctx, small.id, { name: 'Zebra' });
    expect((await kept(db, ctx.account.id)).rows.get(small.id)?.nameKey).toBe(nameSortKey('Zebra'));
    await deleteSubnet(ctx, pair.id);
    await deleteSubnet(ctx, wide.id);
    await expectKeptAsRecounted(ctx, 'renamed and deleted');
    await expectKeptAsRecounted(other, 'the other account');
  });

  it('refuse a write to a leaf whose kept counts are missing rather than lose its count', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const leaf = await createSubnetIn(ctx, '10.51.0.0/24');
    await db.deleteFrom('ip_address_counts').where('subnet_id', '=', leaf.id).execute();
    await expect(setAddress(ctx, leaf.id, '10.51.0.1', addressFields({ status: 'In Use' }))).rejects.toThrow(
      /has no kept counts/,
    );
    // The transaction rolled back: the address was not written either.
    const written = await db
      .selectFrom('ip_addresses')
      .select('id')
      .where('subnet_id', '=', leaf.id)
      .execute();
    expect(written).toEqual([]);
  });
});
