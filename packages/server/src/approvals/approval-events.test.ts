import { expect, it } from 'vitest';
import { describeOn, DIALECTS, useTestDatabase } from '../../test/dialects.js';
import {
  createAccountContext,
  createApprovalSubnetIn,
  recordingPublisher,
} from '../../test/ipam-factories.js';
import { answering } from '../../test/scan-hosts.js';
import { scannerFor } from '../../test/scan-factories.js';
import { listApprovals } from './approval-repository.js';
import { confirmAllApprovals, confirmApproval, ignoreAllApprovals } from './approvals.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`events of settled approvals (${dialect})`, () => {
    const database = useTestDatabase(dialect);

    it('name the one confirmed address, the subnet when several changed, and no address on Ignore', async () => {
      const { db } = database.current;
      const recorder = recordingPublisher();
      const ctx = await createAccountContext(db, { events: recorder });
      const subnet = await createApprovalSubnetIn(ctx, '10.3.0.0/24');
      const scanner = await scannerFor(ctx, [subnet.id]);
      await scanner.report(
        subnet.id,
        ['10.3.0.7', '10.3.0.8', '10.3.0.9'].map((ip) => answering(ip)),
      );
      const [first] = await listApprovals(db, ctx.account.id, subnet.id);
      if (!first) throw new Error('no approval entry');
      const kinds = () => recorder.events.map(({ event }) => `${event.kind}:${event.id}`);

      recorder.events.length = 0;
      await confirmApproval(ctx, subnet.id, first.id);
      expect(kinds()).toEqual([`approval:${first.id}`, 'address:10.3.0.7']);

      recorder.events.length = 0;
      expect(await confirmAllApprovals(ctx, subnet.id)).toBe(2);
      expect(kinds()).toEqual([`approval:${subnet.id}`, `address:${subnet.id}`]);
      expect(recorder.events.every(({ accountId }) => accountId === ctx.account.id)).toBe(true);

      await scanner.report(subnet.id, [answering('10.3.0.20')]);
      recorder.events.length = 0;
      expect(await ignoreAllApprovals(ctx, subnet.id)).toBe(1);
      expect(kinds()).toEqual([`approval:${subnet.id}`]);
    });
  });
}
