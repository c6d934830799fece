/**
 * The scanner agent's memory while reading a 100,000-lease file (issue 33: < 256 MB). Writes a Kea
 * memfile CSV and an ISC dhcpd.leases of 100,000 leases each (90% active, 10% expired) and times the
 * agent's readers on them, each in a child process of its own: its peak resident memory (VmHWM) is the
 * whole agent process reading the file, Node's own ~40-50 MB included. Two subnets per file: a /16 (the
 * largest a job sweeps: 65,534 addresses) and a /8 that holds every lease (the table keeps all 90,000).
 * Run: node --conditions=source --import tsx bench/src/dhcp-lease-memory.ts   (prints a markdown table)
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { parseAddress } from '@ipam/core/ip-address';
import { prefixOf } from '@ipam/core/prefix';
import { readDhcpdLeases } from '@ipam/scanner/dhcp/dhcpd-leases';
import { readKeaLeaseFile } from '@ipam/scanner/dhcp/kea-lease-file';
import { machineLine } from './bench-utils.js';

const LEASES = 100_000;
const SUBNETS = ['10.0.0.0/16', '10.0.0.0/8'];

const addressOf = (index: number) => {
  const value = 0x0a000001 + index;
  return `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
};
const macOf = (index: number) =>
  `02:00:${[24, 16, 8, 0].map((shift) => ((index >>> shift) & 255).toString(16).padStart(2, '0')).join(':')}`;
const dhcpdDate = (seconds: number) => {
  const date = new Date(seconds * 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getUTCDay()} ${date.getUTCFullYear()}/${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`
  );
};

async function writeLines(path: string, lines: (index: number) => string, header = ''): Promise<void> {
  const out = createWriteStream(path);
  if (header !== '' && !out.write(header)) await once(out, 'drain');
  for (let index = 0; index < LEASES; index++) {
    if (!out.write(lines(index))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function writeFiles(dir: string): Promise<{ kea: string; dhcpd: string }> {
  const now = Math.floor(Date.now() / 1000);
  const ends = (index: number) => (index % 10 === 9 ? now - 600 : now + 3600);
  const kea = join(dir, 'kea-leases4.csv');
  await writeLines(
    kea,
    (index) =>
      `${addressOf(index)},${macOf(index)},,3600,${ends(index)},1,0,0,host-${index}.lab.example.com,0,,0\n`,
    'address,hwaddr,client_id,valid_lifetime,expire,subnet_id,fqdn_fwd,fqdn_rev,hostname,state,user_context,pool_id\n',
  );
  const dhcpd = join(dir, 'dhcpd.leases');
  await writeLines(
    dhcpd,
    (index) =>
      `lease ${addressOf(index)} {\n  starts ${dhcpdDate(ends(index) - 3600)};\n  ends ${dhcpdDate(ends(index))};\n` +
      `  cltt ${dhcpdDate(ends(index) - 3600)};\n  binding state active;\n  next binding state free;\n` +
      `  rewind binding state free;\n  hardware ethernet ${macOf(index)};\n` +
      `  uid "\\001\\002\\000${String(index % 8)}";\n  client-hostname "host-${index}";\n}\n`,
    '# The format of this file is documented in the dhcpd.leases(5) manual page.\nauthoring-byte-order little-endian;\n',
  );
  return { kea, dhcpd };
}

/** In the child: reads one file for one subnet and prints its figures as JSON. */
async function measure(kind: string, path: string, subnet: string): Promise<void> {
  const [address = '', length = ''] = subnet.split('/');
  const parsed = parseAddress(address);
  if (parsed === null) throw new Error(subnet);
  const prefix = prefixOf(parsed.version, parsed.value, Number(length));
  const kb = (field: string) =>
    Number(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN,
    );
  const before = kb('VmRSS') / 1024;
  writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the RSS now
  const started = performance.now();
  const sightings =
    kind === 'kea' ? await readKeaLeaseFile(path, prefix) : await readDhcpdLeases(path, prefix);
  const seconds = (performance.now() - started) / 1000;
  const peak = kb('VmHWM') / 1024;
  process.stdout.write(JSON.stringify({ before, peak, seconds, active: sightings.length }));
}

async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'ipam-bench-leases-'));
  try {
    const files = await writeFiles(dir);
    console.log(`Reading a 100,000-lease file — ${machineLine()}\n`);
    console.log(
      '| file | size MB | job subnet | active leases kept | seconds | RSS before MB | peak RSS MB |',
    );
    console.log('|---|---:|---|---:|---:|---:|---:|');
    for (const [kind, path] of [
      ['kea', files.kea],
      ['dhcpd', files.dhcpd],
    ] as const) {
      const size = (await stat(path)).size / 1e6;
      for (const subnet of SUBNETS) {
        const output = execFileSync(
          process.execPath,
          [...process.execArgv, new URL(import.meta.url).pathname, '--measure', kind, path, subnet],
          { encoding: 'utf8' },
        );
        const figures = JSON.parse(output) as {
          before: number;
          peak: number;
          seconds: number;
          active: number;
        };
        const name = kind === 'kea' ? 'Kea kea-leases4.csv' : 'ISC dhcpd.leases';
        console.log(
          `| ${name} | ${size.toFixed(1)} | ${subnet} | ${figures.active.toLocaleString('en')} | ` +
            `${figures.seconds.toFixed(2)} | ${figures.before.toFixed(0)} | ${figures.peak.toFixed(0)} |`,
        );
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--measure');
if (at >= 0) {
  const [kind = '', path = '', subnet = ''] = process.argv.slice(at + 1);
  await measure(kind, path, subnet);
} else {
  await run();
}
