import type { ProbeMethod } from '@ipam/core/schemas/scanner-schemas';

/** What a scan saw of one address: whether it answered, the name reverse DNS gave it and its MAC. */
export interface SeenHost {
  ipAddress: string;
  alive: boolean;
  hostname?: string;
  mac?: string;
}

/** An address that answered the scan (with the name found for it, if any). */
export const answering = (ipAddress: string, hostname?: string): SeenHost => ({
  ipAddress,
  alive: true,
  ...(hostname === undefined ? {} : { hostname }),
});

/** An address that stayed silent. */
export const silent = (ipAddress: string): SeenHost => ({ ipAddress, alive: false });

/** The hosts as the agent reports them in a results body (a live one found by ICMP). */
export function reportedHosts(hosts: readonly SeenHost[]): (SeenHost & { method: ProbeMethod })[] {
  return hosts.map((host) => ({ ...host, method: host.alive ? 'icmp' : 'none' }));
}
