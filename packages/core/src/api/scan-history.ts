import { z } from 'zod';

/** One scan of a subnet: a job of one scanner, its batches summed. */
export const scanRunResponse = z.object({
  id: z.string(),
  scannerName: z.string().describe("the scanner's name when it scanned"),
  scanningType: z.string().describe('approval or auto: whether changes were proposed or written'),
  methods: z.array(z.string()).describe('the probe methods that found live hosts (icmp, tcp, neighbour)'),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationSeconds: z.number().describe("finishedAt − startedAt, by the agent's clock"),
  hosts: z.number().int().describe('addresses probed'),
  alive: z.number().int().describe('addresses that answered'),
  applied: z.number().int().describe('addresses changed (auto scanning)'),
  approvals: z.number().int().describe('approval entries proposed (approval scanning)'),
  isDone: z.boolean().describe('false while later batches of the job may still come'),
});
export type ScanRunView = z.infer<typeof scanRunResponse>;

/** A scanner that has the subnet among its own. */
export const coveringScannerResponse = z.object({
  id: z.string(),
  name: z.string(),
  blockScanning: z.boolean(),
});

/** `GET .../subnets/:subnetId/scans`: the latest scans, newest first, and who covers the subnet now. */
export const scanHistoryResponse = z.object({
  items: z.array(scanRunResponse),
  lastScanned: z.string().nullable(),
  coveringScanners: z.array(coveringScannerResponse),
});
export type ScanHistory = z.infer<typeof scanHistoryResponse>;

/** Scans a history answer lists at most. */
export const SCAN_HISTORY_LIMIT = 50;
