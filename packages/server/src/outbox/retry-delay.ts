/** How long to wait before the next attempt: exponential from `baseMs`, capped at `maxMs`, with jitter. */
export function retryDelayMs(
  attemptsMade: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attemptsMade - 1));
  // "Equal jitter": half fixed, half random, so retries of many targets spread out but never bunch at 0.
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
