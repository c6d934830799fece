/** How long to wait after failures: doubling from `baseMs`, never above `capMs`. */
export interface BackoffPolicy {
  readonly baseMs: number;
  readonly capMs: number;
}

/** The server down or failing: 5 s, 10 s, 20 s … up to 5 minutes. */
export const SERVER_BACKOFF: BackoffPolicy = { baseMs: 5_000, capMs: 300_000 };

/**
 * The wait after `failures` consecutive failures (1 or more): base × 2^(failures − 1), capped, then
 * jittered down to between half and all of it so many agents do not come back in step.
 */
export function backoffDelayMs(
  failures: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  return Math.round(ceiling * (0.5 + random() / 2));
}
