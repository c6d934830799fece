import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';

const run = promisify(execFile);

const PDNS = '/usr/sbin/pdns_server';
const NAMED = '/usr/sbin/named';
const DIG = '/usr/bin/dig';
const PDNS_SCHEMA = [
  '/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql',
  '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql',
];

/** Fails (never skips) when a server binary is missing, naming the Debian packages to install. */
function requireBinaries(): void {
  const missing = [PDNS, NAMED, DIG].filter((path) => !existsSync(path));
  if (missing.length > 0 || !PDNS_SCHEMA.some((path) => existsSync(path))) {
    throw new Error(
      `DNS tests need real servers (missing: ${missing.join(', ') || 'the pdns sqlite3 schema'}): ` +
        'apt-get install pdns-server pdns-backend-sqlite3 bind9 bind9-dnsutils',
    );
  }
}

/** A free loopback port (TCP; DNS servers bind UDP on the same number, free in practice on loopback). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(
  what: string,
  child: ChildProcess,
  check: () => Promise<boolean>,
  output: () => string,
  ms = 20_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A server that never became ready is not left running.
  await stop(child);
  throw new Error(`${what} did not start in ${ms} ms:\n${output()}`);
}

function start(command: string, args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const keep = (chunk: Buffer): void => {
    text = (text + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => text };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

/** A running PowerDNS (gsqlite3 backend) with its HTTP API on loopback. */
export interface PowerDnsServer {
  dnsPort: number;
  apiUrl: string;
  apiKey: string;
  createZone(zone: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts Debian's pdns_server on loopback high ports with its own sqlite database in a temporary folder. */
export async function startPowerDns(): Promise<PowerDnsServer> {
  requireBinaries();
  const dir = await mkdtemp(join(tmpdir(), 'ipam-pdns-'));
  const schemaPath = PDNS_SCHEMA.find((path) => existsSync(path)) ?? '';
  const db = new Database(join(dir, 'pdns.sqlite3'));
  db.exec(await readFile(schemaPath, 'utf8'));
  db.close();
  const [dnsPort, apiPort] = [await freePort(), await freePort()];
  const apiKey = randomBytes(16).toString('hex');
  await writeFile(join(dir, 'pdns.conf'), '');
  const { child, output } = start(PDNS, [
    `--config-dir=${dir}`,
    `--socket-dir=${dir}`,
    '--launch=gsqlite3',
    `--gsqlite3-database=${join(dir, 'pdns.sqlite3')}`,
    // A throw-away database: no fsync per change (the 2,000-change test would wait on the disk).
    '--gsqlite3-pragma-synchronous=0',
    '--gsqlite3-pragma-journal-mode=WAL',
    '--local-address=127.0.0.1',
    `--local-port=${dnsPort}`,
    '--webserver=yes',
    '--webserver-address=127.0.0.1',
    `--webserver-port=${apiPort}`,
    '--webserver-allow-from=127.0.0.0/8',
    '--api=yes',
    `--api-key=${apiKey}`,
    '--guardian=no',
    '--daemon=no',
    '--disable-syslog',
    '--loglevel=3',
    '--zone-cache-refresh-interval=0',
    '--cache-ttl=0',
    '--negquery-cache-ttl=0',
    '--query-cache-ttl=0',
  ]);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const headers = { 'X-API-Key': apiKey, 'content-type': 'application/json' };
  await waitFor(
    'pdns_server',
    child,
    async () => (await fetch(`${apiUrl}/api/v1/servers/localhost`, { headers })).ok,
    output,
  );
  return {
    dnsPort,
    apiUrl,
    apiKey,
    async createZone(zone) {
      const response = await fetch(`${apiUrl}/api/v1/servers/localhost/zones`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `${zone}.`, kind: 'Native', nameservers: ['localhost.'] }),
      });
      if (!response.ok) throw new Error(`pdns zone ${zone}: ${response.status} ${await response.text()}`);
    },
    async stop() {
      await stop(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A running BIND with its zones open to RFC 2136 updates and AXFR for one TSIG key. */
export interface BindServer {
  port: number;
  keyName: string;
  algorithm: string;
  secret: string;
  stop(): Promise<void>;
}

function zoneFile(zone: string): string {
  return [
    '$TTL 300',
    `@ IN SOA ns1.${zone}. hostmaster.${zone}. 1 3600 600 86400 60`,
    '@ IN NS localhost.',
    '',
  ].join('\n');
}

/** Starts Debian's named in the foreground on a loopback high port with a fresh TSIG key and the given zones. */
export async function startBind(zones: readonly string[]): Promise<BindServer> {
  requireBinaries();
  const dir = await mkdtemp(join(tmpdir(), 'ipam-bind-'));
  const port = await freePort();
  const keyName = 'ipam-test-key';
  const algorithm = 'hmac-sha256';
  const secret = randomBytes(32).toString('base64');
  const zoneBlocks = [];
  for (const zone of zones) {
    const file = join(dir, `${zone}.db`);
    await writeFile(file, zoneFile(zone));
    zoneBlocks.push(
      `zone "${zone}" { type primary; file "${file}"; allow-update { key ${keyName}; }; allow-transfer { key ${keyName}; }; };`,
    );
  }
  const conf = [
    `key "${keyName}" { algorithm ${algorithm}; secret "${secret}"; };`,
    'controls { };',
    'options {',
    `  directory "${dir}";`,
    `  pid-file "${join(dir, 'named.pid')}";`,
    `  session-keyfile "${join(dir, 'session.key')}";`,
    `  listen-on port ${port} { 127.0.0.1; };`,
    '  listen-on-v6 { none; };',
    '  recursion no;',
    '  notify no;',
    '  dnssec-validation no;',
    '};',
    ...zoneBlocks,
    '',
  ].join('\n');
  await writeFile(join(dir, 'named.conf'), conf);
  const { child, output } = start(NAMED, ['-g', '-n', '1', '-c', join(dir, 'named.conf')]);
  const [firstZone] = zones;
  await waitFor(
    'named',
    child,
    async () => (await digShort(port, firstZone ?? '.', 'SOA')).length > 0 && child.exitCode === null,
    output,
  );
  return {
    port,
    keyName,
    algorithm,
    secret,
    async stop() {
      await stop(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Asks a server on loopback with Debian's dig (an independent client): the answers' data, lower-cased. */
export async function digShort(port: number, name: string, type: string): Promise<string[]> {
  const { stdout } = await run(DIG, [
    '+tcp',
    '+short',
    '+time=2',
    '+tries=1',
    '-p',
    String(port),
    '@127.0.0.1',
    name,
    type,
  ]);
  return stdout
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '');
}
