import type { AttemptCounters } from '../limits/rate-counters.js';

/** Limits of login and sign-up attempts within one window. */
export interface AttemptLimits {
  /** Failed logins plus sign-ups one client (IP) may make. */
  perIp: number;
  /** Failed logins one client may make for one e-mail; past it, failures for that e-mail slow down. */
  perEmail: number;
  windowMs: number;
}

/** What a login may do now: go ahead after `delayMs`, or be refused until `retryAfterMs` passes. */
export type LoginGate = { allowed: true; delayMs: number } | { allowed: false; retryAfterMs: number };

/** Longest a login waits because its e-mail is under attack from elsewhere. */
export const MAX_LOGIN_DELAY_MS = 5000;

/**
 * Login and sign-up limits that an attacker cannot turn against the account owner. Failures are
 * counted per client and per (client, e-mail): a client that failed too often is refused (429), for
 * one e-mail or for all. Failures for an e-mail from every client together only slow its logins down
 * (a growing delay, at most 5 s); the right password from a client that has not failed is never
 * refused. The client's counter is read first, so a client past its limit adds no counters (memory
 * stays bounded by the counters' own cap).
 */
export interface AttemptLimiter {
  /** Before checking a password. */
  beforeLogin(ip: string, email: string): Promise<LoginGate>;
  /** After a wrong password (or an unknown e-mail). */
  loginFailed(ip: string, email: string): Promise<void>;
  /** After a right password: the client's failures for that e-mail are forgotten. */
  loginSucceeded(ip: string, email: string): Promise<void>;
  /** A sign-up counts against its client; null when allowed, else the milliseconds to wait. */
  beforeSignUp(ip: string): Promise<number | null>;
  /**
   * Before checking a second-factor code or passkey (or the password that turns a factor off) of a
   * user: null when allowed, else the milliseconds to wait. A client past its limit, or a user with
   * `perEmail` wrong codes in the window (from any client), is refused. `userId` null: a passkey that
   * names no known user, counted against the client only.
   */
  beforeCode(ip: string, userId: string | null): Promise<number | null>;
  /** After a wrong code or passkey: counts against the client and the user (when known). */
  codeFailed(ip: string, userId: string | null): Promise<void>;
}

const clientKey = (ip: string) => `client:${ip}`;
const pairKey = (ip: string, email: string) => `pair:${ip} ${email}`;
const emailKey = (email: string) => `email:${email}`;
const codeKey = (userId: string) => `code:${userId}`;
const normal = (email: string) => email.trim().toLowerCase();

/** The delay for an e-mail with `failures` failed logins (from all clients) in the window. */
export function loginDelayMs(failures: number, perEmail: number): number {
  if (failures <= perEmail) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, 250 * 2 ** Math.min(failures - perEmail - 1, 5));
}

/** The limiter over a set of counters (memory for one process, the database for several). */
export function createAttemptLimiter(limits: AttemptLimits, counters: AttemptCounters): AttemptLimiter {
  const retryAfter = (windowEndsAt: number) => Math.max(1000, windowEndsAt - Date.now());
  return {
    async beforeLogin(ip, rawEmail) {
      const email = normal(rawEmail);
      const [client] = await counters.read([clientKey(ip)]);
      if (client && client.count >= limits.perIp)
        return { allowed: false, retryAfterMs: retryAfter(client.windowEndsAt) };
      const [pair, byEmail] = await counters.read([pairKey(ip, email), emailKey(email)]);
      if (pair && pair.count >= limits.perEmail)
        return { allowed: false, retryAfterMs: retryAfter(pair.windowEndsAt) };
      return { allowed: true, delayMs: loginDelayMs(byEmail?.count ?? 0, limits.perEmail) };
    },
    async loginFailed(ip, rawEmail) {
      const email = normal(rawEmail);
      await counters.add(clientKey(ip));
      await counters.add(pairKey(ip, email));
      await counters.add(emailKey(email));
    },
    async loginSucceeded(ip, rawEmail) {
      await counters.clear(pairKey(ip, normal(rawEmail)));
    },
    async beforeSignUp(ip) {
      const [client] = await counters.read([clientKey(ip)]);
      if (client && client.count >= limits.perIp) return retryAfter(client.windowEndsAt);
      await counters.add(clientKey(ip));
      return null;
    },
    async beforeCode(ip, userId) {
      const keys = userId === null ? [clientKey(ip)] : [clientKey(ip), codeKey(userId)];
      const [client, user] = await counters.read(keys);
      if (client && client.count >= limits.perIp) return retryAfter(client.windowEndsAt);
      if (user && user.count >= limits.perEmail) return retryAfter(user.windowEndsAt);
      return null;
    },
    async codeFailed(ip, userId) {
      await counters.add(clientKey(ip));
      if (userId !== null) await counters.add(codeKey(userId));
    },
  };
}
