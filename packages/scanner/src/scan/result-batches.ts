import {
  MAX_SCAN_HOSTS_PER_BATCH,
  scanResultsSchema,
  type ScanCoverage,
  type ScanHost,
  type ScanResultsInput,
} from '@ipam/core/schemas/scanner-schemas';
import { chunks } from '../concurrency.js';

/** What every batch of one job shares. */
export interface BatchHeader {
  readonly subnetId: string;
  readonly startedAt: string;
  readonly coverage: ScanCoverage;
}

/** One results request body, checked by core's schema before it is sent (a bad one throws here). */
export function resultBatch(
  header: BatchHeader,
  hosts: readonly ScanHost[],
  finishedAt: string,
  isLast: boolean,
): ScanResultsInput {
  return scanResultsSchema.parse({ ...header, finishedAt, done: isLast, hosts });
}

/** A job's hosts as request bodies of at most MAX_SCAN_HOSTS_PER_BATCH; only the last says done. */
export function resultBatches(
  header: BatchHeader,
  hosts: readonly ScanHost[],
  finishedAt: string,
  size = MAX_SCAN_HOSTS_PER_BATCH,
): ScanResultsInput[] {
  const parts = chunks(hosts, size);
  return parts.map((part, index) => resultBatch(header, part, finishedAt, index === parts.length - 1));
}
