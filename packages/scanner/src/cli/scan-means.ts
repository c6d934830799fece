import { leaseSources } from '../dhcp/lease-sources.js';
import { multicastEcho } from '../probe/multicast.js';
import { absentNeighbours, readNeighbours } from '../probe/neighbours.js';
import { fpingProber, pingProber } from '../probe/icmp-probe.js';
import { withFallback, type Prober } from '../probe/prober.js';
import { reverseLookup } from '../probe/reverse-dns.js';
import { COMMON_PORTS, tcpProber } from '../probe/tcp-probe.js';
import type { Tools } from '../probe/tools.js';
import type { ScanMeans } from '../scan/scan-job.js';
import { snmpSources } from '../snmp/snmp-sources.js';
import { UsageError, type ScannerOptions } from './options.js';

/** ICMP through fping (one process a batch), else ping (one a host), else null. */
function icmpProber(tools: Tools, options: ScannerOptions): Prober | null {
  if (tools.fping !== null) {
    return fpingProber(tools.fping, { timeoutMs: options.timeoutMs, retries: 1, intervalMs: 2 });
  }
  if (tools.ping !== null) return pingProber(tools.ping, options.timeoutMs, options.concurrency);
  return null;
}

/** The probes, lookups and discovery the options ask for, with the tools this machine has. */
export function scanMeans(options: ScannerOptions, tools: Tools): ScanMeans {
  const tcp = (ports: readonly number[]) =>
    tcpProber({
      ports,
      isRefusedDead: options.isRefusedDead,
      timeoutMs: options.timeoutMs,
      concurrency: options.concurrency,
    });
  const icmp = icmpProber(tools, options);
  let prober: Prober;
  if (options.probe.kind === 'tcp') prober = tcp(options.probe.ports);
  else if (options.probe.kind === 'icmp') {
    if (icmp === null) throw new UsageError(['--probe icmp: neither fping nor ping is installed']);
    prober = icmp;
  } else
    prober =
      icmp === null
        ? tcp(COMMON_PORTS)
        : withFallback(icmp, tcp(COMMON_PORTS), () => absentNeighbours(tools));
  const ping = tools.ping;
  return {
    prober,
    readNeighbours: () => readNeighbours(tools),
    reverseLookup: options.useDns
      ? reverseLookup({ timeoutMs: Math.max(options.timeoutMs, 2_000), servers: options.dnsServers })
      : null,
    discover: options.useMulticast && ping !== null ? (prefix) => multicastEcho(ping, prefix) : null,
    sightingSources: [...snmpSources(options.snmpConfig), ...leaseSources(options.leases)],
  };
}
