import { networkInterfaces } from 'node:os';
import { isListedAddress } from '@ipam/core/address-listing';
import type { Prefix } from '@ipam/core/prefix';
import { toTarget, type ProbeTarget } from '../scan/job-targets.js';
import { multicastPingArguments } from './icmp-arguments.js';
import { runProgram } from './run-program.js';

/** The addresses that answered an echo, from ping's `64 bytes from ADDR: icmp_seq=…` lines. */
export function parseEchoReplies(stdout: string): string[] {
  const found: string[] = [];
  for (const match of stdout.matchAll(/bytes from (\S+): /g)) {
    if (match[1] !== undefined) found.push(match[1]);
  }
  return found;
}

/** The local interfaces with an address inside `prefix` (the subnet's own link), and that address. */
export function linksInside(prefix: Prefix): { interfaceName: string; source: ProbeTarget }[] {
  const links: { interfaceName: string; source: ProbeTarget }[] = [];
  for (const [interfaceName, addresses] of Object.entries(networkInterfaces())) {
    const source = (addresses ?? [])
      .map((entry) => (entry.internal ? null : toTarget(entry.address.split('%')[0] ?? '')))
      .find(
        (target) =>
          target !== null && target.version === prefix.version && isListedAddress(prefix, target.value),
      );
    if (source) links.push({ interfaceName, source });
  }
  return links;
}

/**
 * Echoes ff02::1 (all nodes) on each local link of an IPv6 subnet, from our address in it, and
 * returns who answered. Nothing when this machine has no address in the subnet (not on its link).
 */
export async function multicastEcho(ping: string, prefix: Prefix): Promise<string[]> {
  if (prefix.version !== 6) return [];
  const found: string[] = [];
  for (const link of linksInside(prefix)) {
    const args = multicastPingArguments(link.interfaceName, link.source);
    if (args === null) continue;
    const result = await runProgram(ping, args, 6_000).catch(() => null);
    if (result !== null) found.push(...parseEchoReplies(result.stdout));
  }
  return found;
}
