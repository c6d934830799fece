/**
 * Issue 35: what one read costs on the large account when nothing else runs: each of the load run's
 * reads (bench/src/scale-load.ts) by itself, one request at a time, the search broken down by the
 * kind of text (each takes its own path in search.ts). Reported per read: p50/p95 over `REPEAT`
 * requests after one warm-up, and the server's CPU per request.
 *
 * Run: node --conditions=source --import tsx bench/src/scale-reads.ts
 *   IPAM_SCALE (1), IPAM_BENCH_ENGINES ("postgres,sqlite"), REPEAT (20)
 */
import { machineLine, percentile } from './bench-utils.js';
import { logIn, serveBenchApp, startServer } from './bench-server.js';
import { SCALE_PASSWORD, scaleAccount, type ScaleAccount } from './scale-fixture.js';
import type { DatabaseTarget } from '@ipam/server/db/database';

const SCALE = Number(process.env.IPAM_SCALE ?? 1);
const REPEAT = Number(process.env.REPEAT ?? 20);
const ENGINES = (process.env.IPAM_BENCH_ENGINES ?? 'postgres,sqlite').split(',') as ('sqlite' | 'postgres')[];

/** The reads, each a path under the account; `i` varies the input between requests. */
function reads(account: ScaleAccount): [string, (i: number) => string][] {
  const base = `/api/accounts/${account.accountId}`;
  const q = (text: string) => `${base}/search?q=${encodeURIComponent(text)}`;
  return [
    ['dashboard', () => `${base}/dashboard`],
    [
      'address page (busy /24)',
      (i) => `${base}/subnets/${account.leaves.busy[i % 1000]}/addresses?limit=100`,
    ],
    ['search: a common hostname text (`gw`)', () => q('gw')],
    ['search: a hostname (`dhcp3-17`)', (i) => q(`dhcp${i % 5}-${17 + i}`)],
    ['search: a description (`asset 17`)', (i) => q(`asset ${17 + i}`)],
    ['search: an address prefix with three dots (`10.57.1.`)', (i) => q(`10.${(57 + i) % 200}.1.`)],
    ['search: a whole address (`10.57.1.20`)', (i) => q(`10.${(57 + i) % 200}.1.20`)],
    ['search: an address text anywhere (`57.1`)', (i) => q(`${57 + i}.1`)],
    ['search: a subnet name (`LAN 2.17`)', (i) => q(`LAN 2.${i % 30}`)],
  ];
}

async function measure(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const account = await scaleAccount(kind, SCALE);
  const server = await startServer(new URL(import.meta.url).pathname, account.target);
  try {
    const cookie = await logIn(server.baseUrl, account.emails[0] as string, SCALE_PASSWORD);
    const get = async (path: string) => {
      const response = await fetch(server.baseUrl + path, { headers: { cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${response.status} ${path}`);
    };
    const rows: string[] = [];
    for (const [name, path] of reads(account)) {
      await get(path(REPEAT));
      const times: number[] = [];
      const cpuBefore = await server.cpuMicros();
      for (let i = 0; i < REPEAT; i++) {
        const started = performance.now();
        await get(path(i));
        times.push(performance.now() - started);
      }
      const cpuMs = ((await server.cpuMicros()) - cpuBefore) / 1000 / REPEAT;
      rows.push(
        `| ${kind} | ${name} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${cpuMs.toFixed(1)} |`,
      );
    }
    return rows;
  } finally {
    server.stop();
  }
}

if (process.argv[2] === 'serve') {
  await serveBenchApp(JSON.parse(process.argv[3] ?? '{}') as DatabaseTarget);
} else {
  console.log(`Machine: ${machineLine()}; scale ${SCALE}, ${REPEAT} requests each, one at a time\n`);
  console.log('| engine | read | p50 ms | p95 ms | server CPU ms a request |');
  console.log('|---|---|---|---|---|');
  for (const kind of ENGINES) console.log((await measure(kind)).join('\n'));
  console.log(`\nFinished: ${machineLine()}`);
}
