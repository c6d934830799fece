/**
 * Memory of one import at the limits (issue 36): the server runs in a child process on a 256 MB V8
 * heap; each upload (a dry run into a /8) is measured by the process's peak resident memory (VmHWM,
 * reset before each upload) over what it held before, and what it still holds after the answer.
 * Files: the same 200,000 rows as a CSV (just under the 32 MB body limit) and as an XLSX at every
 * cap (1,000,000 shared strings, 32 MB of them, 32 M characters of cells), and the issue's bombs.
 * Run: node --conditions=source --import tsx bench/src/import-memory.ts   (prints a markdown report)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  csvOfTheCaps,
  diskBomb,
  sharedStringBombs,
  workbookAtTheCaps,
} from '../../packages/server/test/xlsx-caps.js';
import { createSlash8Account } from './address-fixture.js';
import { logIn, runEngineTable, startServer } from './bench-server.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEAP_MB = 256;

/** Resident memory now and its peak since the last reset, MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function run(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const account = await createSlash8Account(kind);
  await account.db.destroy();
  const server = await startServer(new URL(import.meta.url).pathname, account.target, {
    nodeOptions: [`--max-old-space-size=${HEAP_MB}`],
  });
  const rows: string[] = [];
  try {
    const cookie = await logIn(server.baseUrl, account.email);
    const url = `${server.baseUrl}/api/accounts/${account.accountId}/subnets/${account.subnet.id}/addresses/import?dryRun=true`;
    const measure = async (name: string, body: Buffer, type: string) => {
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
      const before = memoryOf(server.pid).rss;
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { cookie, 'content-type': type },
        body: new Uint8Array(body),
      });
      const answer = (await response.json()) as { code?: string; counts?: { error: number } };
      const seconds = (performance.now() - started) / 1000;
      const after = memoryOf(server.pid);
      const outcome = `${response.status} ${answer.code ?? `${answer.counts?.error ?? 0} row errors`}`;
      const signed = (mb: number) => `${mb < 0 ? '−' : '+'}${Math.abs(mb).toFixed(0)}`;
      rows.push(
        `| ${kind} | ${name} | ${(body.length / 1e6).toFixed(2)} | ${outcome} | ${seconds.toFixed(1)} | ` +
          `${before.toFixed(0)} | ${after.peak.toFixed(0)} (${signed(after.peak - before)}) | ${signed(after.rss - before)} |`,
      );
    };
    const csv = csvOfTheCaps();
    const caps = workbookAtTheCaps();
    const bombs = sharedStringBombs();
    await measure('warm-up: the CSV', csv, 'text/csv');
    rows.pop();
    await measure('CSV, 200,000 rows (32 MB limit)', csv, 'text/csv');
    await measure('XLSX at every cap, same rows', caps, XLSX);
    await measure('XLSX at every cap, again', caps, XLSX);
    await measure("the issue's disk bomb (~70 MB sheet first)", diskBomb(), XLSX);
    await measure("the issue's shared-strings bomb (5 M strings)", bombs.issue, XLSX);
    await measure('1,000,001 shared strings within the ratio', bombs.pastTheCount, XLSX);
  } finally {
    server.stop();
    await account.cleanup();
  }
  return rows;
}

await runEngineTable(
  '| engine | upload (dry run) | MB | answer | s | RSS before MB | peak RSS MB (growth) | RSS after − before MB |\n|---|---|---|---|---|---|---|---|',
  run,
);
