import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { createAccountContext, createSubnetIn, waitingEntryAt } from '../../test/ipam-factories.js';
import type { ChangeContext } from '../commands/change.js';
import { replaceApprovals } from '../approvals/approval-repository.js';
import { listPendingApprovals } from './dashboard-repository.js';

/** `count` pending entries for the leaf, at .1, .2, … */
async function pending(ctx: ChangeContext, subnet: { id: string; networkIP: string }, count: number) {
  const base = subnet.networkIP.split('.').slice(0, 3).join('.');
  await replaceApprovals(
    ctx.db,
    ctx.account.id,
    { id: subnet.id, version: 4 },
    Array.from({ length: count }, (_, i) => waitingEntryAt(`${base}.${i + 1}`)),
  );
}

describeEachDialect('the dashboard pending approvals on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  it('rank subnets by pending entries then by name, count them all, and keep to the account', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    const other = await createAccountContext(db);
    const named = async (cidr: string, name: string, count: number) => {
      const subnet = await createSubnetIn(ctx, cidr, { name });
      await pending(ctx, subnet, count);
      return subnet;
    };
    // Seven subnets with entries, four tied at 2, two of those named alike but for case: names
    // compare lower-cased first, then as written ("Beta" before "beta").
    const most = await named('10.60.1.0/24', 'Zulu', 4);
    const betaLower = await named('10.60.2.0/24', 'beta', 2);
    const betaUpper = await named('10.60.3.0/24', 'Beta', 2);
    const alpha = await named('10.60.4.0/24', 'alpha', 2);
    await named('10.60.5.0/24', 'Gamma', 2);
    await named('10.60.6.0/24', 'Delta', 1);
    await named('10.60.7.0/24', 'Echo', 1);
    await createSubnetIn(ctx, '10.60.8.0/24', { name: 'None waiting' });
    const theirs = await createSubnetIn(other, '10.60.1.0/24', { name: 'Aardvark' });
    await pending(other, theirs, 9);

    const found = await listPendingApprovals(db, ctx.account.id, 5);
    expect(found.total).toBe(14);
    expect(found.subnets.map((entry) => [entry.name, entry.count])).toEqual([
      ['Zulu', 4],
      ['alpha', 2],
      ['Beta', 2],
      ['beta', 2],
      ['Gamma', 2],
    ]);
    expect(found.subnets[0]).toEqual({ subnetId: most.id, name: 'Zulu', cidr: '10.60.1.0/24', count: 4 });
    expect(found.subnets.slice(1, 4).map((entry) => entry.subnetId)).toEqual([
      alpha.id,
      betaUpper.id,
      betaLower.id,
    ]);
    expect(await listPendingApprovals(db, other.account.id, 5)).toEqual({
      total: 9,
      subnets: [{ subnetId: theirs.id, name: 'Aardvark', cidr: '10.60.1.0/24', count: 9 }],
    });
  });
});
