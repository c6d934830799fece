/**
 * Counts login and sign-up attempts per client IP and per e-mail in fixed windows, in memory (no
 * database write per attempt). Each server process limits on its own; behind a load balancer the
 * effective limit is per process, which still stops password guessing at scale.
 */
export interface AttemptLimiter {
  /** Records an attempt; false when the IP or the e-mail has used up its attempts in this window. */
  tryAttempt(ip: string, email: string): boolean;
  /** Milliseconds until the current window ends (for Retry-After). */
  retryAfterMs(): number;
}

/** A limiter allowing `perIp` attempts per client and `perEmail` per e-mail every `windowMs`. */
export function createAttemptLimiter(limits: {
  perIp: number;
  perEmail: number;
  windowMs: number;
}): AttemptLimiter {
  let windowStart = Date.now();
  let counts = new Map<string, number>();
  const roll = () => {
    const now = Date.now();
    if (now - windowStart >= limits.windowMs) {
      windowStart = now;
      counts = new Map();
    }
  };
  const bump = (key: string) => {
    const next = (counts.get(key) ?? 0) + 1;
    counts.set(key, next);
    return next;
  };
  return {
    tryAttempt(ip, email) {
      roll();
      const byIp = bump(`ip:${ip}`);
      const byEmail = bump(`email:${email.trim().toLowerCase()}`);
      return byIp <= limits.perIp && byEmail <= limits.perEmail;
    },
    retryAfterMs() {
      return Math.max(0, windowStart + limits.windowMs - Date.now());
    },
  };
}
