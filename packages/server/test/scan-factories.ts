import type { ScanResults } from '@ipam/core/api/scanner';
import { MAX_SCAN_HOSTS_PER_BATCH, scanResultsSchema } from '@ipam/core/schemas/scanner-schemas';
import type { ChangeContext } from '../src/commands/change.js';
import { applyScanResults } from '../src/scanners/scan-results.js';
import { findScanner, type ScannerRecord } from '../src/scanners/scanner-repository.js';
import { createScanner } from '../src/scanners/scanners.js';
import { reportedHosts, type SeenHost } from './scan-hosts.js';

/** A registered scanner of an account, reporting scans the way the agent does. */
export interface TestScanner {
  record: ScannerRecord;
  /**
   * Posts what a scan of one of its subnets saw, through the scanner API's own path (core's
   * `scanResultsSchema`, then `applyScanResults` as the scanner): batches of at most 4,096 hosts, the
   * last one done. Approval scanning turns the differences into approval entries. Answers the totals.
   */
  report(subnetId: string, hosts: readonly SeenHost[]): Promise<ScanResults>;
}

/** Registers a scanner for the subnets, made by the context's user, as Settings → Scanners does. */
export async function scannerFor(ctx: ChangeContext, subnetIds: readonly string[]): Promise<TestScanner> {
  const { userId } = ctx;
  if (userId === null) throw new Error('a scanner is registered by a user');
  const created = await createScanner(
    { ...ctx, userId },
    { name: 'Test scanner', description: '', subnets: [...subnetIds], blockScanning: false },
  );
  const record = await findScanner(ctx.db, ctx.account.id, created.id);
  if (!record) throw new Error('scanner not created');
  const scannerCtx: ChangeContext = { ...ctx, userId: null, actor: `scanner ${record.name}` };
  return {
    record,
    async report(subnetId, hosts) {
      const startedAt = new Date().toISOString();
      const totals: ScanResults = { applied: 0, approvals: 0, done: false };
      for (let start = 0; start === 0 || start < hosts.length; start += MAX_SCAN_HOSTS_PER_BATCH) {
        const part = hosts.slice(start, start + MAX_SCAN_HOSTS_PER_BATCH);
        const batch = scanResultsSchema.parse({
          subnetId,
          startedAt,
          finishedAt: new Date().toISOString(),
          done: start + MAX_SCAN_HOSTS_PER_BATCH >= hosts.length,
          hosts: reportedHosts(part),
        });
        const answer = await applyScanResults(scannerCtx, record, batch);
        totals.applied += answer.applied;
        totals.approvals += answer.approvals;
        totals.done = answer.done;
      }
      return totals;
    },
  };
}
