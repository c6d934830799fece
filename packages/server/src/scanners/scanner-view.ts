import type { Scanner } from '@ipam/core/api/scanner';
import type { ScannerRecord } from './scanner-repository.js';

/** Presents a scanner; `existing` holds which of its subnet ids still name a subnet. */
export function scannerView(scanner: ScannerRecord, existing: ReadonlySet<string>): Scanner {
  return {
    id: scanner.id,
    name: scanner.name,
    description: scanner.description,
    subnets: scanner.subnets,
    missingSubnets: scanner.subnets.filter((id) => !existing.has(id)),
    blockScanning: scanner.blockScanning,
    keyPrefix: scanner.keyPrefix,
    lastSeenAt: scanner.lastSeenAt,
    agentVersion: scanner.agentVersion,
    pollIntervalSeconds: scanner.pollIntervalSeconds,
    updatedDate: scanner.updatedDate,
    updatedBy: scanner.updatedBy,
  };
}
