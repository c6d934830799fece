/**
 * Import from phpIPAM and NetBox at the size (issue 31): 10,000 subnets and 100,000 addresses
 * from a loopback stand-in (phpIPAM: a generated data set in the shapes of its recorded answers, with
 * containers, folders, VRFs and IPv6; NetBox: 10,000 /24 prefixes and 100,000 addresses paged 1,000 at
 * a time), imported by the built `ipam import` command in its own process into a fresh database of
 * each engine. Wall time of the whole command, its peak resident memory (VmHWM), and the load average.
 * Needs `npm run build` first. Run: node --conditions=source --import tsx bench/src/source-import.ts
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { updateIpv6Prefixes, updateTierAndLimits } from '@ipam/server/accounts/account-repository';
import { signUp } from '@ipam/server/auth/sign-up';
import { openDatabase } from '@ipam/server/db/database';
import { migrateToLatest } from '@ipam/server/db/migrate';
import { bigNetboxData } from '../../packages/server/test/netbox-data.js';
import { startNetboxStandIn } from '../../packages/server/test/netbox-stand-in.js';
import { generatePhpipamData } from '../../packages/server/test/phpipam-generated-data.js';
import { startPhpipamStandIn } from '../../packages/server/test/phpipam-stand-in.js';
import { machineLine } from './bench-utils.js';
import { openTarget, PASSWORD } from './address-fixture.js';

type Engine = 'sqlite' | 'postgres';
const TOKEN = 'bench-token';
const bin = resolve(import.meta.dirname, '../../packages/server/bin/ipam.js');

/** Runs the command to its end, sampling its peak memory from /proc while it runs. */
function runImport(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; ms: number; peakMb: number; stdout: string; stderr: string }>(
    (done) => {
      const started = performance.now();
      const child = spawn(process.execPath, [bin, ...args], { env });
      let stdout = '';
      let stderr = '';
      let peakKb = 0;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const sample = setInterval(() => {
        try {
          const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
          peakKb = Math.max(peakKb, Number(match?.[1] ?? 0));
        } catch {
          // ended between two samples
        }
      }, 100);
      child.on('close', (status) => {
        clearInterval(sample);
        done({ status, ms: performance.now() - started, peakMb: peakKb / 1024, stdout, stderr });
      });
    },
  );
}

async function run(engine: Engine, source: 'phpipam' | 'netbox', url: string, appId: string) {
  const { target, cleanup } = await openTarget(engine);
  const db = openDatabase(target);
  await migrateToLatest(db);
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const { accountId } = await signUp(db, { email, password: PASSWORD });
  await updateTierAndLimits(db, accountId, { tier: 4, maxusers: 100, maxnetworks: 200_000 });
  await updateIpv6Prefixes(db, accountId, { min: 32, max: 128 });
  await db.destroy();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    IPAM_IMPORT_TOKEN: TOKEN,
    ...(target.kind === 'sqlite'
      ? { IPAM_DATA_DIR: resolve(target.file, '..') }
      : { DATABASE_URL: target.url }),
  };
  delete (target.kind === 'sqlite' ? env : {}).DATABASE_URL;
  const report = join(
    resolve(target.kind === 'sqlite' ? join(target.file, '..') : '/tmp'),
    `bench-${source}.json`,
  );
  const args = [
    'import',
    source,
    '--url',
    url,
    ...(source === 'phpipam' ? ['--app', appId] : []),
    '--report',
    report,
  ];
  const load = loadavg()[0]?.toFixed(2) ?? '?';
  const first = await runImport(args, env);
  if (first.status !== 0) throw new Error(`${engine} ${source}: ${first.stderr}`);
  const counts = JSON.parse(readFileSync(report, 'utf8')) as {
    counts: Record<string, Record<string, number>>;
  };
  const again = await runImport(args, env);
  await cleanup();
  return {
    engine,
    source,
    load,
    seconds: (first.ms / 1000).toFixed(1),
    peakMb: first.peakMb.toFixed(0),
    subnets: counts.counts.subnet?.imported ?? 0,
    addresses: counts.counts.address?.imported ?? 0,
    againSeconds: (again.ms / 1000).toFixed(1),
  };
}

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    subnets: { type: 'string', default: '10000' },
    addresses: { type: 'string', default: '100000' },
  },
});
const engines = (values.engines ?? '').split(',') as Engine[];
const subnetCount = Number(values.subnets);
const addressCount = Number(values.addresses);

// phpIPAM: every fifth leaf is empty and containers hold none, so the leaves that hold addresses
// need a little more than addresses/subnets each.
const phpipamData = generatePhpipamData({
  subnets: subnetCount,
  addressesPerSubnet: Math.min(254, Math.ceil((addressCount / subnetCount) * 1.4)),
});
const phpipam = await startPhpipamStandIn({ token: TOKEN, data: phpipamData });
const netbox = await startNetboxStandIn({
  token: TOKEN,
  data: bigNetboxData({ prefixes: subnetCount, addresses: addressCount }),
});
process.stdout.write(`${machineLine()}\n`);
process.stdout.write(
  `phpIPAM set: ${phpipamData.expected.subnets} subnets, ${phpipamData.expected.addresses} addresses; ` +
    `NetBox set: ${subnetCount} prefixes, ${addressCount} addresses\n\n`,
);
process.stdout.write('| engine | source | load | import s | peak MB | subnets | addresses | rerun s |\n');
process.stdout.write('|---|---|---:|---:|---:|---:|---:|---:|\n');
try {
  for (const engine of engines) {
    for (const source of ['phpipam', 'netbox'] as const) {
      const r = await run(engine, source, source === 'phpipam' ? phpipam.url : netbox.url, phpipam.appId);
      process.stdout.write(
        `| ${r.engine} | ${r.source} | ${r.load} | ${r.seconds} | ${r.peakMb} | ${r.subnets} | ${r.addresses} | ${r.againSeconds} |\n`,
      );
    }
  }
} finally {
  await phpipam.close();
  await netbox.close();
}
