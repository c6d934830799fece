import type { KyselyPlugin } from 'kysely';
import { expect, it } from 'vitest';
import { MAX_SCAN_HOSTS_PER_BATCH } from '@ipam/core/schemas/scanner-schemas';
import { describeOn, DIALECTS, useTestDatabase } from '../../test/dialects.js';
import { createAccountContext, createApprovalSubnetIn, rowsOfSubnet } from '../../test/ipam-factories.js';
import { answering, type SeenHost } from '../../test/scan-hosts.js';
import { scannerFor } from '../../test/scan-factories.js';
import { readStatusCounts } from '../addresses/address-count-repository.js';
import { pageAudit } from '../audit/audit-repository.js';
import { confirmAllApprovals } from './approvals.js';

/**
 * More entries than one statement may carry parameters for on either engine (SQLite 32766, PostgreSQL
 * 65535), in batches whose entries alone (4,096 of them, several columns each) are past SQLite's limit.
 */
const SCAN_SIZE = 8000;

/** `count` distinct host addresses of 10.8.0.0/16, in order, each answering with a name. */
function scanOf(count: number, name: string): SeenHost[] {
  return Array.from({ length: count }, (_, i) =>
    answering(`10.8.${Math.floor((i + 1) / 256)}.${(i + 1) % 256}`, `${name}-${i}`),
  );
}

/** Counts the statements a database handle sends (transactions included). */
function countingStatements(): KyselyPlugin & { count: number } {
  const plugin = {
    count: 0,
    transformQuery: (args: Parameters<KyselyPlugin['transformQuery']>[0]) => {
      plugin.count++;
      return args.node;
    },
    transformResult: async (args: Parameters<KyselyPlugin['transformResult']>[0]) => args.result,
  };
  return plugin;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`a scan with thousands of differences (${dialect})`, () => {
    const database = useTestDatabase(dialect);

    it('becomes approval entries, a rescan replaces them, and Confirm All settles them all', async () => {
      const { db } = database.current;
      const ctx = await createAccountContext(db);
      const subnet = await createApprovalSubnetIn(ctx, '10.8.0.0/16');

      const scanner = await scannerFor(ctx, [subnet.id]);

      const first = await scanner.report(subnet.id, scanOf(SCAN_SIZE, 'host'));
      expect(first).toEqual({ applied: 0, approvals: SCAN_SIZE, done: true });
      const rescan = await scanner.report(subnet.id, scanOf(SCAN_SIZE, 'renamed'));
      expect(rescan).toEqual({ applied: 0, approvals: SCAN_SIZE, done: true });
      expect(await rowsOfSubnet(db, 'approvals', subnet.id)).toBe(SCAN_SIZE);

      expect(await confirmAllApprovals(ctx, subnet.id)).toBe(SCAN_SIZE);
      expect(await rowsOfSubnet(db, 'approvals', subnet.id)).toBe(0);
      expect(await rowsOfSubnet(db, 'ip_addresses', subnet.id)).toBe(SCAN_SIZE);
      expect(await readStatusCounts(db, subnet.id)).toEqual({
        Available: 0n,
        'In Use': BigInt(SCAN_SIZE),
        Reserved: 0n,
      });
      // Every change is in the subnet's history: its creation, each batch of the two scans, the
      // confirmations and the writes.
      const batches = 2 * Math.ceil(SCAN_SIZE / MAX_SCAN_HOSTS_PER_BATCH);
      expect(await rowsOfSubnet(db, 'audit_log', subnet.id)).toBe(1 + batches + 2 * SCAN_SIZE);
      const [latest] = await pageAudit(db, ctx.account.id, { subnetId: subnet.id, limit: 1 });
      expect(latest).toMatchObject({ entity: expect.stringMatching(/^(address|approval-confirmed)$/) });
    }, 120_000);

    it('Confirm All sends a few statements per 500 entries, not several per entry', async () => {
      const { db } = database.current;
      const ctx = await createAccountContext(db);
      const subnet = await createApprovalSubnetIn(ctx, '10.8.0.0/16');
      await (await scannerFor(ctx, [subnet.id])).report(subnet.id, scanOf(1000, 'host'));
      const counter = countingStatements();
      const settled = await confirmAllApprovals({ ...ctx, db: db.withPlugin(counter) }, subnet.id);
      expect(settled).toBe(1000);
      expect(await readStatusCounts(db, subnet.id)).toMatchObject({ 'In Use': 1000n });
      expect(counter.count).toBeLessThan(40);
    });
  });
}
