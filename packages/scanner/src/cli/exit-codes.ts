/** Exit statuses of `ipam-scanner --once` (and of a usage error in any mode). */
export const EXIT = {
  ok: 0,
  /** The round ran but at least one job failed (each is logged). */
  jobFailed: 1,
  usage: 2,
  /** 401: the key is wrong or revoked. */
  keyRefused: 3,
  /** 403: the account's tier has no scanners. */
  noScanners: 4,
  /** No answer, an error status, or an answer this agent cannot read. */
  serverFailed: 5,
} as const;
