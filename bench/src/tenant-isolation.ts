/**
 * One tenant's largest allowed import beside another tenant's reads (issue 36): tenant A imports a
 * CSV of 200,000 new addresses (the row cap) into an empty /8 over HTTP, all or nothing, while tenant B
 * reads a page of its own /8 (100 rows at a deep cursor; 100,000 written addresses) in a closed loop,
 * one request at a time. B's latencies idle and during A's import; the server runs in a child process
 * (SQLite synchronous=FULL, or PostgreSQL). Run it from two checkouts for before/after.
 * Run: node --conditions=source --import tsx bench/src/tenant-isolation.ts
 */
import { signUp } from '@ipam/server/auth/sign-up';
import { updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import { PASSWORD, setUp } from './address-fixture.js';
import { logIn, runEngineTable, startServer } from './bench-server.js';
import { median, percentile } from './bench-utils.js';

const ROWS = 200_000;

function importFile(): string {
  const lines = ['ipAddress,status,hostname,description,allowScannerUpdate'];
  for (let i = 1; i <= ROWS; i++) {
    lines.push(`11.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255},In Use,host-${i},row ${i},true`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** B's page, read one request at a time until `isDone` says stop (at least `min` samples). */
async function sample(url: string, cookie: string, isDone: () => boolean, min: number): Promise<number[]> {
  const times: number[] = [];
  while (!isDone() || times.length < min) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`B's read answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function run(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const quiet = await setUp(kind);
  const server = await startServer(process.argv[1] ?? '', quiet.target);
  const rows: string[] = [];
  try {
    const email = `importer-${kind}@example.com`;
    const importer = await signUp(quiet.db, { email, password: PASSWORD });
    await updateTierAndLimits(quiet.db, importer.accountId, { tier: 1, maxusers: 5, maxnetworks: 100 });
    const quietCookie = await logIn(server.baseUrl, quiet.email);
    const cookie = await logIn(server.baseUrl, email);
    const api = `${server.baseUrl}/api/accounts/${importer.accountId}`;
    const headers = { cookie, 'content-type': 'application/json' };
    const group = await (
      await fetch(`${api}/groups`, { method: 'POST', headers, body: '{"name":"Import"}' })
    ).json();
    const subnet = await (
      await fetch(`${api}/subnets`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Eleven',
          vlanId: 1,
          groupId: group.id,
          networkIP: '11.0.0.0',
          bits: 8,
        }),
      })
    ).json();
    const listUrl = `${server.baseUrl}/api/accounts/${quiet.accountId}/subnets/${quiet.subnetId}/addresses?cursor=10.126.20.0&limit=100`;
    const idle = await sample(listUrl, quietCookie, () => true, 200);
    const body = importFile();
    let isImporting = true;
    const started = performance.now();
    const imported = fetch(`${api}/subnets/${subnet.id}/addresses/import?dryRun=false`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/csv' },
      body,
    }).then(async (response) => {
      const report = await response.json();
      isImporting = false;
      if (response.status !== 200 || report.counts.create !== ROWS) {
        throw new Error(`import answered ${response.status}: ${JSON.stringify(report).slice(0, 200)}`);
      }
      return performance.now() - started;
    });
    const during = await sample(listUrl, quietCookie, () => !isImporting, 1);
    const importMs = await imported;
    const line = (label: string, times: number[]) =>
      `| ${kind} | ${label} | ${times.length} | ${median(times).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`;
    rows.push(line('idle', idle));
    rows.push(
      line(
        `during A's import of ${ROWS.toLocaleString('en-US')} rows (${(importMs / 1000).toFixed(1)} s)`,
        during,
      ),
    );
  } finally {
    server.stop();
    await quiet.db.destroy();
    await quiet.cleanup();
  }
  return rows;
}

await runEngineTable(
  "| engine | tenant B's page read | requests | p50 ms | p95 ms | max ms |\n|---|---|---:|---:|---:|---:|",
  run,
);
