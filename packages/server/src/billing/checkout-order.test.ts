import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession } from '../../test/ipam-factories.js';

describeEachDialect('billing: an older, cheaper checkout paid after a dearer one (issue 36)', (dialect) => {
  const t = useTestApp(dialect);

  it('completes the cheaper checkout but keeps the tier, limits and subscription the dearer one paid for', async () => {
    const owner = await accountSession(t.current);
    const cheap = await owner.call('POST', '/checkout-sessions', { priceId: 'basic-month' });
    const dear = await owner.call('POST', '/checkout-sessions', { priceId: 'enterprise-month' });
    expect([cheap.status, dear.status]).toEqual([201, 201]);
    expect((await owner.call('POST', `/checkout-sessions/${dear.body.id}/test-payment`)).status).toBe(200);
    const upgraded = (await owner.call('GET', '')).body;
    expect(upgraded).toMatchObject({ tier: 3, maxnetworks: 500, maxusers: 100 });

    const late = await owner.call('POST', `/checkout-sessions/${cheap.body.id}/test-payment`);
    expect(late.status).toBe(200);
    const after = (await owner.call('GET', '')).body;
    expect(after).toMatchObject({
      tier: 3,
      tierName: 'Enterprise',
      maxnetworks: 500,
      maxusers: 100,
      subId: upgraded.subId,
      subEnd: upgraded.subEnd,
    });
    expect((await owner.call('GET', `/checkout-sessions/${cheap.body.id}`)).body.status).toBe('complete');
    const audits = (await owner.call('GET', '/audit')).body.items.filter(
      (item: { actor: string | null }) => item.actor === 'billing',
    );
    expect(audits).toHaveLength(1);
  });
});
