import { z } from 'zod';
import { SCANNING_TYPES } from '../schemas/common-fields.js';

/** A registered scanner as the account sees it; the key itself is never read back. */
export const scannerResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  subnets: z
    .array(z.string())
    .describe('subnet ids to scan; an id whose subnet was deleted stays until removed'),
  missingSubnets: z
    .array(z.string())
    .describe('the ids in `subnets` whose subnet no longer exists ("(Removed)")'),
  blockScanning: z.boolean(),
  keyPrefix: z.string().describe('the first 4 characters of the key, to tell keys apart'),
  lastSeenAt: z.string().nullable().describe('when the agent last called in'),
  agentVersion: z.string().nullable().describe('the version the agent reported'),
  pollIntervalSeconds: z.number().int(),
  updatedDate: z.string(),
  updatedBy: z.string().nullable(),
});
export type Scanner = z.infer<typeof scannerResponse>;

/** A scanner with its key: answered once, by create and by regenerate. */
export const scannerWithKeyResponse = scannerResponse.extend({
  apiKey: z.string().describe('32 letters and digits; shown once, stored only as a hash'),
});
export type ScannerWithKey = z.infer<typeof scannerWithKeyResponse>;

/** One subnet the agent should scan now. */
export const scanJobResponse = z.object({
  subnetId: z.string(),
  name: z.string(),
  version: z.union([z.literal(4), z.literal(6)]),
  networkIP: z.string(),
  prefixLength: z.number().int().describe('bits for IPv4'),
  scanningType: z.enum(SCANNING_TYPES),
  knownAddresses: z
    .array(z.string())
    .describe('IPv6 only: the addresses the subnet has written, to probe besides what the network reveals'),
  leaseSeconds: z.number().int().describe("the job is the agent's for this long; the last batch ends it"),
});
export type ScanJob = z.infer<typeof scanJobResponse>;

/** `GET /api/scanner/jobs`. */
export const scanJobsResponse = z.object({
  pollIntervalSeconds: z.number().int(),
  jobs: z.array(scanJobResponse),
});
export type ScanJobs = z.infer<typeof scanJobsResponse>;

/** `POST /api/scanner/results`: what the batch changed. */
export const scanResultsResponse = z.object({
  applied: z.number().int().describe('addresses changed (auto scanning)'),
  approvals: z.number().int().describe('approval entries written (approval scanning)'),
  done: z.boolean(),
});
export type ScanResults = z.infer<typeof scanResultsResponse>;

/** Whether a scanner is calling in: never yet, or silent for more than three polling intervals. */
export type ScannerState = 'never' | 'online' | 'offline';

/** The state of a scanner at `now` (ms since the epoch). */
export function scannerState(
  scanner: Pick<Scanner, 'lastSeenAt' | 'pollIntervalSeconds'>,
  now: number,
): ScannerState {
  if (scanner.lastSeenAt === null) return 'never';
  const silentMs = now - Date.parse(scanner.lastSeenAt);
  return silentMs > 3 * scanner.pollIntervalSeconds * 1000 ? 'offline' : 'online';
}
