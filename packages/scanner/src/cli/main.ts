import { runRound, runService } from '../agent/agent.js';
import { ScannerApiError } from '../api/scanner-api-error.js';
import { scannerClient } from '../api/scanner-client.js';
import { streamLogger, type LineSink } from '../log.js';
import { leaseWarnings } from '../dhcp/lease-sources.js';
import { detectTools, type Tools } from '../probe/tools.js';
import { AGENT_VERSION } from '../version.js';
import { EXIT } from './exit-codes.js';
import { parseCommand, UsageError, type ScannerOptions } from './options.js';
import { scanMeans } from './scan-means.js';
import { withServerSnmpTargets } from '../snmp/server-snmp-targets.js';

const usage = `usage: ipam-scanner --server URL --key KEY [options]

Scans the subnets the IPAM server gives this scanner and reports live hosts.

  --server URL            the IPAM server (or IPAM_SERVER)
  --key KEY               the scanner key (or IPAM_SCANNER_KEY; prefer the variable: a command line
                          is visible to every user of the machine)
  --once                  one round, then exit: 0 done, 1 a job failed, 2 usage, 3 key refused,
                          4 the account's tier has no scanners, 5 server unreachable or failing
  --probe MODE            auto: ICMP (fping, else ping), then TCP 22,80,443,445,3389 for silent hosts
                          icmp: ICMP only; tcp:PORT[,PORT…]: TCP connects to these ports only
  --refused-is-dead       TCP: only a host that accepts a connection is alive (a refusal does not count)
  --timeout MS            wait for an answer per probe (default 1000)
  --concurrency N         hosts probed at once by ping or TCP (default 64)
  --no-dns                no reverse DNS for hostnames
  --dns-server ADDR[:PORT]  ask this DNS server for hostnames instead of the system's (repeatable)
  --no-multicast          IPv6: do not echo ff02::1 on the subnet's link to find hosts
  --kea-leases PATH       read Kea's memfile lease file (kea-leases4.csv or kea-leases6.csv) each job:
                          its active leases are live hosts (repeatable)
  --dhcpd-leases PATH     read ISC dhcpd's lease file (dhcpd.leases, dhcpd6.leases) each job (repeatable)
  --kea-control URL       ask Kea's control agent for its active leases each job (repeatable; needs the
                          lease_cmds hook); basic-auth USER:PASSWORD from IPAM_KEA_CONTROL_AUTH or from
  --kea-control-auth-file PATH  the first line of this file
  --snmp-config FILE      read routers' ARP/neighbour tables over SNMP: a JSON file of targets with their
                          v2c community or v3 user (or IPAM_SNMP_CONFIG; keep it readable by the agent only)
  -h, --help              this text
  -V, --version           the agent's version
`;

/** Where the agent writes: help and info lines to stdout, warnings, errors and usage to stderr. */
export interface Io {
  readonly stdout: LineSink;
  readonly stderr: LineSink;
}

/** The --once exit status for a failure to get the jobs. */
function exitStatus(error: unknown): number {
  if (!(error instanceof ScannerApiError)) return EXIT.serverFailed;
  if (error.code === 'key_refused') return EXIT.keyRefused;
  if (error.code === 'no_scanners') return EXIT.noScanners;
  return EXIT.serverFailed;
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\./.test(hostname);
}

/** Entry of `ipam-scanner`: returns the exit status (a service returns once `signal` aborts). */
export async function main(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = process,
  signal: AbortSignal = new AbortController().signal,
  tools: Tools = detectTools(env['PATH']),
): Promise<number> {
  let options: ScannerOptions;
  let means;
  try {
    const command = parseCommand(args, env);
    if (command.kind === 'help') {
      io.stdout.write(usage);
      return EXIT.ok;
    }
    if (command.kind === 'version') {
      io.stdout.write(`ipam-scanner ${AGENT_VERSION}\n`);
      return EXIT.ok;
    }
    options = command.options;
    means = scanMeans(options, tools);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`ipam-scanner: ${error.message}\n(ipam-scanner --help lists the options)\n`);
    return EXIT.usage;
  }
  const log = streamLogger(io.stdout, io.stderr);
  const client = scannerClient({ server: options.server, key: options.key, agentVersion: AGENT_VERSION });
  const agent = { client, means, log, refreshMeans: withServerSnmpTargets(client, means, log) };
  if (options.server.protocol === 'http:' && !isLoopbackHost(options.server.hostname)) {
    log.warn(`the key goes to ${options.server.origin} over plain http: use https outside a test`);
  }
  log.info(
    `ipam-scanner ${AGENT_VERSION} ${options.isOnce ? 'one round against' : 'polling'} ${options.server.origin} ` +
      `with key ${options.key.slice(0, 4)}…; probes: ${means.prober.description}; ` +
      `reverse DNS ${means.reverseLookup ? 'on' : 'off'}`,
  );
  for (const warning of leaseWarnings(options.leases)) log.warn(warning);
  const sources = means.sightingSources ?? [];
  if (sources.length > 0) log.info(`each job also reads ${sources.map((source) => source.name).join(', ')}`);
  if (!options.isOnce) {
    await runService(agent, signal);
    log.info('stopped');
    return EXIT.ok;
  }
  try {
    const round = await runRound(agent, signal);
    return round.failedJobs > 0 ? EXIT.jobFailed : EXIT.ok;
  } catch (error) {
    io.stderr.write(`ipam-scanner: ${error instanceof Error ? error.message : String(error)}\n`);
    return exitStatus(error);
  }
}
