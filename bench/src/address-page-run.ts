/**
 * One run of the random-page bench: a tree's server (a fresh child process) on that tree's /8,
 * a checked warm-up, then pages and filtered pages at 1 and at 16 clients, each with its latency
 * percentiles and the CPU it cost the server process and, on PostgreSQL, the database's backends.
 */
import { addressPageResponse } from '@ipam/core/api/ipam';
import { postgresUrl } from './address-fixture.js';
import { logIn } from './bench-server.js';
import { median, percentile } from './bench-utils.js';
import { closedLoop, type Answer } from './http-load.js';
import { PAGE_LIMIT, type RoundRequests } from './page-requests.js';
import { processCpuMicros, watchBackends } from './process-cpu.js';
import { serveTree, type Tree, type TreeFixture } from './tree-processes.js';

/** No phase sends requests for longer than this. */
const MAX_PHASE_MS = 60_000;
const WARM_UP_CLIENTS = 4;

/** One measured phase of a run. */
export interface PhaseResult {
  row: 'pages' | 'filtered';
  clients: number;
  requests: number;
  p50: number;
  p95: number;
  /** µs of CPU per request: the server process (all threads), and PostgreSQL's (null on SQLite). */
  serverMicros: number;
  postgresMicros: number | null;
  /** µs per request of PostgreSQL processes that exited meanwhile (any database): 0 when the figure is whole. */
  postgresExitedMicros: number | null;
}

const valueOf = (ipv4: string) => ipv4.split('.').reduce((value, part) => value * 256 + Number(part), 0);

/**
 * Fails unless every warm-up answer is a page of the contract: an unfiltered page is full and starts
 * right after its cursor, a filtered one after it.
 */
function checkWarmUp(answers: readonly Answer[]): void {
  for (const { path, body } of answers) {
    const { items } = addressPageResponse.parse(JSON.parse(body));
    const isUnfiltered = !path.includes('filter=') && !path.includes('q=');
    if (isUnfiltered && items.length !== PAGE_LIMIT) {
      throw new Error(`${path}: ${items.length} items, expected ${PAGE_LIMIT}`);
    }
    const cursor = /cursor=([\d.]+)/.exec(path)?.[1];
    const first = items[0]?.ipAddress;
    if (cursor === undefined || first === undefined) continue;
    const gap = valueOf(first) - valueOf(cursor);
    if (isUnfiltered ? gap !== 1 : gap < 1) throw new Error(`${path}: the page starts at ${first}`);
  }
}

/** Measures one round's requests on a tree's server; the server is stopped before it returns. */
export async function measureRun(
  tree: Tree,
  fixture: TreeFixture,
  requests: RoundRequests,
): Promise<PhaseResult[]> {
  const server = await serveTree(tree, fixture.target);
  const backends =
    fixture.target.kind === 'postgres'
      ? await watchBackends(postgresUrl, new URL(fixture.target.url).pathname.slice(1))
      : null;
  try {
    const cookie = await logIn(server.baseUrl, fixture.email, fixture.password);
    const baseUrl = `${server.baseUrl}/api/accounts/${fixture.accountId}/subnets/${fixture.subnetId}/addresses`;
    const load = (paths: readonly string[], clients: number, keepBodies = false) =>
      closedLoop({ baseUrl, cookie, paths, clients, maxMs: MAX_PHASE_MS, keepBodies });
    const warmUp = [`?limit=${PAGE_LIMIT}`, ...requests.pages.warmUp, ...requests.filtered.warmUp];
    checkWarmUp(await load(warmUp, WARM_UP_CLIENTS, true));
    const results: PhaseResult[] = [];
    for (const row of ['pages', 'filtered'] as const) {
      for (const [clients, paths] of [
        [1, requests[row].atOne],
        [16, requests[row].atSixteen],
      ] as const) {
        const serverBefore = processCpuMicros(server.pid) ?? 0;
        const stopBackends = await backends?.start();
        const answers = await load(paths, clients);
        const serverUsed = (processCpuMicros(server.pid) ?? 0) - serverBefore;
        const postgres = await stopBackends?.();
        const perRequest = (micros: number) => micros / Math.max(1, answers.length);
        const times = answers.map((answer) => answer.ms);
        results.push({
          row,
          clients,
          requests: answers.length,
          p50: median(times),
          p95: percentile(times, 0.95),
          serverMicros: perRequest(serverUsed),
          postgresMicros: postgres ? perRequest(postgres.micros) : null,
          postgresExitedMicros: postgres ? perRequest(postgres.exitedMicros) : null,
        });
      }
    }
    return results;
  } finally {
    await backends?.close();
    server.stop();
  }
}
