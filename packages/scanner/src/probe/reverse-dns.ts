import { Resolver } from 'node:dns/promises';
import { hostnameProblem, normalizeHostname } from '@ipam/core/hostname';

export interface ReverseDnsOptions {
  readonly timeoutMs: number;
  /** DNS servers (`ADDR` or `ADDR:PORT`, `[v6]:PORT`) to ask instead of the system's. */
  readonly servers?: readonly string[];
}

/** Looks up the name of an address; null when it has none, or no answer came in time. */
export type ReverseLookup = (address: string) => Promise<string | null>;

/**
 * The first name of a PTR answer that is a hostname by the server's rule (hostname.ts), without its
 * trailing dot; null when none is (the server would drop it anyway).
 */
export function pickHostname(names: readonly string[]): string | null {
  for (const name of names.map(normalizeHostname)) {
    if (name !== '' && hostnameProblem(name) === null) return name;
  }
  return null;
}

/** A reverse DNS lookup (PTR) with a timeout, through c-ares (hosts file first, then DNS). */
export function reverseLookup(options: ReverseDnsOptions): ReverseLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers !== undefined && options.servers.length > 0) resolver.setServers([...options.servers]);
  return async (address) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), options.timeoutMs + 250);
    });
    try {
      const lookup = resolver.reverse(address).then(pickHostname, () => null);
      return await Promise.race([lookup, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
