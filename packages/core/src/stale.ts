const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The time before which a last sighting makes an address stale (ISO 8601, comparable as text with the
 * stored times), for a subnet that marks stale addresses after `days`.
 */
export function staleCutoff(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/**
 * Whether an address is stale (issue 33): a scanner saw it once, and not in the subnet's last `days`
 * days. An address no scanner ever saw is not stale (there is no sighting to go stale), and a subnet
 * without "stale after" (null) marks nothing. A mark, never a status change.
 */
export function isStale(lastSeen: string | null, days: number | null, now: Date): boolean {
  if (lastSeen === null || days === null) return false;
  return lastSeen < staleCutoff(now, days);
}
