/**
 * Import and export of 100,000 address rows through HTTP on SQLite and PostgreSQL: a CSV body of
 * 100,000 new addresses imported into an empty /8 (dry run, then apply), and the 100,000 written
 * addresses of the fixture's /8 exported as CSV and XLSX. Medians of RUNS, the process's peak RSS
 * above its level before each step. Prints the table of bench/import-export.md.
 *
 * Run: node --conditions=source --import tsx bench/src/import-export.ts
 */
import { updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import { buildBenchApp, logIn } from './bench-server.js';
import { setUp, WRITTEN } from './address-fixture.js';
import { machineLine, median } from './bench-utils.js';

const RUNS = 3;
const STATUSES = ['In Use', 'Reserved', 'Available'] as const;

/** 100,000 new rows for the empty subnet {octet}.0.0.0/8, from {octet}.0.0.1 up. */
function importFile(octet: number): string {
  const lines = ['ipAddress,status,hostname,description,allowScannerUpdate'];
  for (let i = 1; i <= WRITTEN; i++) {
    const ip = `${octet}.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;
    lines.push(`${ip},${STATUSES[i % 3]},host-${i},imported row ${i},${i % 2 === 0}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Runs `step` while sampling the process's RSS every 20 ms: its time and the peak above the start. */
async function measured(step: () => Promise<void>): Promise<{ ms: number; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  await step();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - base) / (1024 * 1024) };
}

interface Row {
  engine: string;
  step: string;
  ms: number;
  peakMb: number;
  detail: string;
}

async function benchEngine(kind: 'sqlite' | 'postgres'): Promise<Row[]> {
  const setup = await setUp(kind);
  await updateTierAndLimits(setup.db, setup.accountId, { tier: 1, maxusers: 5, maxnetworks: 100 });
  const app = await buildBenchApp(setup.target);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const cookie = await logIn(baseUrl, setup.email);
  const api = `${baseUrl}/api/accounts/${setup.accountId}`;
  const groups = await (await fetch(`${api}/groups`, { headers: { cookie } })).json();
  const groupId: string = groups.items[0].id;
  const results: Record<string, { ms: number[]; peakMb: number[]; detail: string }> = {};
  const record = (step: string, value: { ms: number; peakMb: number }, detail: string) => {
    const entry = (results[step] ??= { ms: [], peakMb: [], detail });
    entry.ms.push(value.ms);
    entry.peakMb.push(value.peakMb);
  };
  try {
    for (let run = 0; run < RUNS; run++) {
      const octet = 11 + run;
      const created = await fetch(`${api}/subnets`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Import ${run}`,
          vlanId: 1,
          groupId,
          networkIP: `${octet}.0.0.0`,
          bits: 8,
        }),
      });
      if (created.status !== 201) throw new Error(`subnet not created: ${created.status}`);
      const subnetId: string = (await created.json()).id;
      const body = importFile(octet);
      for (const dryRun of [true, false]) {
        let detail = '';
        const value = await measured(async () => {
          const answer = await fetch(`${api}/subnets/${subnetId}/addresses/import?dryRun=${dryRun}`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'text/csv' },
            body,
          });
          const report = await answer.json();
          if (answer.status !== 200) throw new Error(`import answered ${answer.status}`);
          detail = `${(body.length / 1e6).toFixed(1)} MB; create ${report.counts.create}, error ${report.counts.error}`;
        });
        record(dryRun ? 'import, dry run (CSV)' : 'import, apply (CSV)', value, detail);
      }
      for (const format of ['csv', 'xlsx'] as const) {
        let bytes = 0;
        const value = await measured(async () => {
          const answer = await fetch(`${api}/subnets/${setup.subnetId}/addresses/export?format=${format}`, {
            headers: { cookie },
          });
          if (!answer.body) throw new Error('no body');
          for await (const chunk of answer.body) bytes += (chunk as Uint8Array).length;
        });
        record(`export (${format.toUpperCase()})`, value, `${(bytes / 1e6).toFixed(1)} MB`);
      }
    }
  } finally {
    await app.close();
    await setup.cleanup();
  }
  return Object.entries(results).map(([step, entry]) => ({
    engine: kind === 'sqlite' ? 'SQLite' : 'PostgreSQL',
    step,
    ms: median(entry.ms),
    peakMb: Math.max(...entry.peakMb),
    detail: entry.detail,
  }));
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    rows.push(...(await benchEngine(kind)));
    console.log(`${kind} done`);
  }
  const table = [
    '| engine | step (100,000 address rows) | median ms | peak RSS above start, MB | file / report |',
    '|---|---|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.engine} | ${row.step} | ${Math.round(row.ms).toLocaleString('en-US')} | ${Math.round(row.peakMb)} | ${row.detail} |`,
    ),
  ].join('\n');
  console.log(table);
  console.log(machineLine());
}

await main();
