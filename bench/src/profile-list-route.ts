/**
 * Where the address list route spends its time: seeds the /8 of bench/src/addresses.ts, serves the app
 * in a child process as the throughput bench does, and loads the list route and /api/health with
 * autocannon (10 connections, 4 s each, after warm-ups), printing requests/s and the server's CPU time
 * per request (all its threads); then profiles the server during a third list run and a health run
 * (the requests each profile saw are printed, to turn its samples into time per request). Summarise a
 * profile with bench/src/read-cpu-profile.ts.
 * Run: node --conditions=source --import tsx bench/src/profile-list-route.ts [sqlite|postgres] [out.cpuprofile]
 */
import { fileURLToPath } from 'node:url';
import { setUp } from './address-fixture.js';
import { autocannon, logIn, serveBenchApp, startServer, type BenchServer } from './bench-server.js';
import type { DatabaseTarget } from '@ipam/server/db/database';

const SECONDS = 4;
const CONNECTIONS = 10;

/** Requests/s of one run and the server CPU µs each request cost. */
async function measure(server: BenchServer, options: Record<string, unknown>) {
  const before = await server.cpuMicros();
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS });
  const cpu = (await server.cpuMicros()) - before;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return { perSecond: result.requests.average, cpuMicros: cpu / result.requests.total };
}

async function main(kind: 'sqlite' | 'postgres', out: string): Promise<void> {
  const setup = await setUp(kind);
  const server = await startServer(fileURLToPath(import.meta.url), setup.target);
  try {
    const cookie = await logIn(server.baseUrl, setup.email);
    const addresses = `/api/accounts/${setup.accountId}/subnets/${setup.subnetId}/addresses`;
    const list = { url: `${server.baseUrl}${addresses}?limit=100&cursor=10.126.20.0`, headers: { cookie } };
    const health = { url: `${server.baseUrl}/api/health` };
    for (const options of [list, health])
      await autocannon({ ...options, connections: CONNECTIONS, duration: 1 });
    const listRun = await measure(server, list);
    const healthRun = await measure(server, health);
    await server.startProfile();
    const profiledList = await autocannon({ ...list, connections: CONNECTIONS, duration: SECONDS });
    await server.stopProfile(out);
    // Health profiled alike: what both pay per request shows in both profiles.
    const healthOut = out.replace(/(\.cpuprofile)?$/, '.health.cpuprofile');
    await server.startProfile();
    const profiledHealth = await autocannon({ ...health, connections: CONNECTIONS, duration: SECONDS });
    await server.stopProfile(healthOut);
    const show = (name: string, r: { perSecond: number; cpuMicros: number }) =>
      `${name} ${r.perSecond.toFixed(0)} req/s, ${r.cpuMicros.toFixed(0)} µs server CPU/request`;
    console.log(
      `${kind}: ${show('list', listRun)}; ${show('health', healthRun)}; ratio ` +
        `${(listRun.perSecond / healthRun.perSecond).toFixed(3)} (req/s), ` +
        `${(healthRun.cpuMicros / listRun.cpuMicros).toFixed(3)} (CPU); profiles in ${out} ` +
        `(${profiledList.requests.total} requests) and ${healthOut} (${profiledHealth.requests.total})`,
    );
  } finally {
    server.stop();
    await setup.db.destroy();
    await setup.cleanup();
  }
}

if (process.argv[2] === 'serve') {
  await serveBenchApp(JSON.parse(process.argv[3] ?? '{}') as DatabaseTarget);
} else {
  const kind = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
  await main(kind, process.argv[3] ?? `list-route-${kind}.cpuprofile`);
}
