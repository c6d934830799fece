import { WEBHOOK_EVENT_TYPES } from '@ipam/core/schemas/webhook-schemas';
import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../test/dialects.js';
import { createAccountContext, createApprovalSubnetIn } from '../../test/ipam-factories.js';
import { answering } from '../../test/scan-hosts.js';
import { scannerFor } from '../../test/scan-factories.js';
import { confirmAllApprovals } from '../approvals/approvals.js';
import { listItemsOfTarget } from '../outbox/outbox-repository.js';
import { WEBHOOK_KIND } from './webhook-producer.js';
import { createWebhook } from './webhooks.js';

const policy = { allowPrivate: false, allowHttp: false };

describeEachDialect('webhook events of scans and approvals (%s)', (dialect) => {
  const database = useTestDatabase(dialect);

  it('writes address discovered, approval created, scan finished, approval resolved and address created in the changes that make them', async () => {
    const { db } = database.current;
    const ctx = await createAccountContext(db);
    if (ctx.userId === null) throw new Error('no user');
    const owner = { ...ctx, userId: ctx.userId };
    const webhook = await createWebhook(owner, policy, {
      url: 'https://hooks.example.com/ipam',
      events: [...WEBHOOK_EVENT_TYPES],
      active: true,
    });
    const subnet = await createApprovalSubnetIn(ctx, '10.9.0.0/24');
    const scanner = await scannerFor(ctx, [subnet.id]);
    await scanner.report(subnet.id, [answering('10.9.0.5'), answering('10.9.0.6')]);
    await confirmAllApprovals(ctx, subnet.id);
    // Nothing sends here (no worker): the items wait in the outbox, oldest last.
    const items = await listItemsOfTarget(db, ctx.account.id, WEBHOOK_KIND, webhook.id, 100);
    expect(items.map((item) => item.label).reverse()).toEqual([
      'subnet.created',
      // Hosts no scanner had seen before (issue 33's alerts), written with the scan that found them.
      'address.discovered',
      'address.discovered',
      'approval.created',
      'approval.created',
      'scan.finished',
      'address.created',
      'address.created',
      'approval.resolved',
      'approval.resolved',
    ]);
    expect(items.every((item) => item.state === 'pending')).toBe(true);
  });
});
