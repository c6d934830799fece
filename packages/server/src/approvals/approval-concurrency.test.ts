import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { parseAddress } from '@ipam/core/ip-address';
import { describeOn, DIALECTS, useTestDatabase } from '../../test/dialects.js';
import { createAccountContext, createApprovalSubnetIn } from '../../test/ipam-factories.js';
import { untilWaitingOnLocks } from '../../test/lock-waits.js';
import { answering } from '../../test/scan-hosts.js';
import { scannerFor } from '../../test/scan-factories.js';
import { findStored } from '../addresses/address-repository.js';
import { pageAudit } from '../audit/audit-repository.js';
import { deleteApprovals, listApprovals, replaceApprovals } from './approval-repository.js';
import { confirmAllApprovals } from './approvals.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`settling approvals at the same time as someone else (${dialect})`, () => {
    const database = useTestDatabase(dialect);

    it('Confirm All applies none of the entries another person removed while it waited', async () => {
      const { db } = database.current;
      const ctx = await createAccountContext(db);
      const subnet = await createApprovalSubnetIn(ctx, '10.0.0.0/24');
      const scanner = await scannerFor(ctx, [subnet.id]);
      await scanner.report(subnet.id, [answering('10.0.0.7', 'found'), answering('10.0.0.8')]);
      const pending = await listApprovals(db, ctx.account.id, subnet.id);
      let confirming: Promise<unknown> | undefined;
      await db.transaction().execute(async (trx) => {
        // Someone else's Ignore All is removing the entries and has not committed yet.
        expect(
          await deleteApprovals(
            trx,
            subnet.id,
            pending.map((approval) => approval.id),
          ),
        ).toHaveLength(2);
        confirming = confirmAllApprovals(ctx, subnet.id);
        // PostgreSQL: commit only once Confirm All has listed both entries and waits on their row locks.
        // SQLite: Confirm All waits for the one connection this transaction holds, so it runs after.
        await untilWaitingOnLocks(db, [confirming]);
      });
      // The entries were ignored: Confirm All finds nothing left to settle and writes no address.
      expect(await confirming).toBe(0);
      const ref = { id: subnet.id, version: 4 as const };
      // (The scan's sightings made rows of the live hosts, issue 33: still Available, written by nobody.)
      expect(await findStored(db, ref, 0x0a000007n)).toMatchObject({
        status: 'Available',
        updatedDate: null,
      });
      expect(await findStored(db, ref, 0x0a000008n)).toMatchObject({
        status: 'Available',
        updatedDate: null,
      });
      const written = await db
        .selectFrom('ip_addresses')
        .select('ip_address')
        .where('subnet_id', '=', subnet.id)
        .where('updated_date', 'is not', null)
        .execute();
      expect(written).toEqual([]);
      const log = await pageAudit(db, ctx.account.id, { subnetId: subnet.id, limit: 50 });
      expect(log.filter((entry) => entry.entity === 'approval-confirmed')).toEqual([]);
    });

    it('Confirm All applies a replaced entry only as the rescan left it', async () => {
      const { db } = database.current;
      const ctx = await createAccountContext(db);
      const subnet = await createApprovalSubnetIn(ctx, '10.1.0.0/24');
      await (await scannerFor(ctx, [subnet.id])).report(subnet.id, [answering('10.1.0.9')]);
      const fresh = {
        id: randomUUID(),
        value: 0x0a010009n,
        ipAddress: '10.1.0.9',
        status: 'In Use' as const,
        hostname: '',
        description: '',
        createdAt: new Date().toISOString(),
        seen: null,
        hostnameAfter: null,
        macAfter: null,
      };
      let confirming: Promise<unknown> | undefined;
      await db.transaction().execute(async (trx) => {
        // A rescan replacing the entry (same address, new finding) has not committed yet.
        await replaceApprovals(trx, ctx.account.id, { id: subnet.id, version: 4 }, [fresh]);
        confirming = confirmAllApprovals(ctx, subnet.id);
        await untilWaitingOnLocks(db, [confirming]);
      });
      // What Confirm All applies is exactly what it removed: never the replaced entry while the new one
      // stays pending. PostgreSQL: it listed the old entry and waited on its row lock, so it removes
      // and applies nothing. SQLite: it runs after the rescan and applies the new entry.
      const settled = await confirming;
      const address = await findStored(db, { id: subnet.id, version: 4 }, fresh.value);
      const left = (await listApprovals(db, ctx.account.id, subnet.id)).map((a) => a.id);
      if (dialect === 'postgres') {
        expect(settled).toBe(0);
        expect(address).toMatchObject({ status: 'Available', updatedDate: null });
        expect(left).toEqual([fresh.id]);
      } else {
        expect(settled).toBe(1);
        expect(address?.status).toBe('Available');
        expect(left).toEqual([]);
      }
    });

    it('rescans and Confirm Alls of one subnet running at once all succeed, without a deadlock', async () => {
      const { db } = database.current;
      const ctx = await createAccountContext(db);
      const subnet = await createApprovalSubnetIn(ctx, '10.2.0.0/24');
      const found = Array.from({ length: 200 }, (_, i) => answering(`10.2.0.${i + 1}`));
      const scanner = await scannerFor(ctx, [subnet.id]);
      await scanner.report(subnet.id, found);
      const work: Promise<unknown>[] = [];
      for (let round = 0; round < 4; round++) {
        work.push(scanner.report(subnet.id, round % 2 ? [...found].reverse() : found));
        work.push(confirmAllApprovals(ctx, subnet.id));
      }
      const outcomes = await Promise.allSettled(work);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      // Every found address is either still pending or was confirmed In Use (a rescan then finds it as
      // recorded and drops its entry).
      const pending = new Set((await listApprovals(db, ctx.account.id, subnet.id)).map((a) => a.ipAddress));
      for (const { ipAddress } of found) {
        const value = parseAddress(ipAddress)?.value ?? -1n;
        const address = await findStored(db, { id: subnet.id, version: 4 }, value);
        expect(pending.has(ipAddress) || address?.status === 'In Use').toBe(true);
      }
    });
  });
}
