// The scanner agent's sweep speed on loopback: a /24, a /20 and a /16 through each probe (fping, ping, TCP).
// Run: node --conditions=source --import tsx bench/src/scanner-sweep.ts [--skip-16]  (--skip-16: the /24s and /20s only)
// Loopback only: every 127.x address answers ICMP and refuses closed TCP ports, so these time live
// hosts (ICMP) and refused hosts (TCP); a silent host costs the probe's timeout instead.
import type { ScanJob } from '@ipam/core/api/scanner';
import { fpingProber, pingProber } from '@ipam/scanner/probe/icmp-probe';
import { readNeighbours } from '@ipam/scanner/probe/neighbours';
import type { Prober } from '@ipam/scanner/probe/prober';
import { tcpProber } from '@ipam/scanner/probe/tcp-probe';
import { detectTools } from '@ipam/scanner/probe/tools';
import { scanJob } from '@ipam/scanner/scan/scan-job';
import { machineLine } from './bench-utils.js';

const tools = detectTools();
const closedPort = 9; // discard: nothing listens on loopback here

function job(networkIP: string, prefixLength: number): ScanJob {
  return {
    subnetId: 'bench',
    name: 'bench',
    version: 4,
    networkIP,
    prefixLength,
    scanningType: 'auto',
    knownAddresses: [],
    leaseSeconds: 3600,
  };
}

/** Scans a job to its end; answers seconds, batches and live hosts. */
async function sweep(prober: Prober, scanned: ScanJob) {
  const started = performance.now();
  let batches = 0;
  let alive = 0;
  const means = { prober, readNeighbours: () => readNeighbours(tools), reverseLookup: null, discover: null };
  for await (const batch of scanJob(scanned, means)) {
    batches++;
    alive += batch.hosts.filter((host) => host.alive).length;
  }
  return { seconds: (performance.now() - started) / 1000, batches, alive };
}

const tcp = tcpProber({ ports: [closedPort], isRefusedDead: true, timeoutMs: 1000, concurrency: 64 });
const tcpRefusedAlive = tcpProber({
  ports: [closedPort],
  isRefusedDead: false,
  timeoutMs: 1000,
  concurrency: 64,
});
const cases: [string, Prober | null, ScanJob][] = [
  ['fping', tools.fping === null ? null : fpingProber(tools.fping), job('127.0.0.0', 24)],
  ['ping ×64', tools.ping === null ? null : pingProber(tools.ping, 1000, 64), job('127.0.0.0', 24)],
  ['tcp, refused is dead', tcp, job('127.0.0.0', 24)],
  ['tcp, refused is alive', tcpRefusedAlive, job('127.0.0.0', 24)],
  ['fping', tools.fping === null ? null : fpingProber(tools.fping), job('127.2.0.0', 20)],
  ['ping ×64', tools.ping === null ? null : pingProber(tools.ping, 1000, 64), job('127.2.0.0', 20)],
  ['tcp, refused is dead', tcp, job('127.2.0.0', 20)],
];
if (!process.argv.includes('--skip-16')) {
  cases.push(['fping', tools.fping === null ? null : fpingProber(tools.fping), job('127.1.0.0', 16)]);
  cases.push(['tcp, refused is dead', tcp, job('127.1.0.0', 16)]);
}

console.log(machineLine());
console.log('| subnet | probe | hosts alive | batches | seconds |');
console.log('|---|---|---|---|---|');
for (const [name, prober, scanned] of cases) {
  if (prober === null) {
    console.log(`| ${scanned.networkIP}/${scanned.prefixLength} | ${name} | not installed | | |`);
    continue;
  }
  const result = await sweep(prober, scanned);
  console.log(
    `| ${scanned.networkIP}/${scanned.prefixLength} | ${name} | ${result.alive} | ${result.batches} | ${result.seconds.toFixed(2)} |`,
  );
}
