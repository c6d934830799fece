import { SCAN_HISTORY_LIMIT, type ScanHistory } from '@ipam/core/api/scan-history';
import type { ChangeContext } from '../commands/change.js';
import { requireLeaf } from '../subnets/subnets.js';
import { listScanRuns } from './scan-run-repository.js';
import { scannersCovering } from './scanner-repository.js';

/** A leaf subnet's latest scans, when it was last scanned and the scanners that have it (another account's: 404). */
export async function scanHistoryOf(ctx: ChangeContext, subnetId: string): Promise<ScanHistory> {
  const subnet = await requireLeaf(ctx.db, ctx.account.id, subnetId);
  const runs = await listScanRuns(ctx.db, subnet.id, SCAN_HISTORY_LIMIT);
  const scanners = await scannersCovering(ctx.db, ctx.account.id, subnet.id);
  return {
    items: runs.map(({ scannerId: _scannerId, ...run }) => ({
      ...run,
      durationSeconds: Math.max(0, (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000),
    })),
    lastScanned: subnet.lastScanned,
    coveringScanners: scanners.map(({ id, name, blockScanning }) => ({ id, name, blockScanning })),
  };
}
