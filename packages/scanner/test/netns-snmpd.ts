import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A real snmpd (Debian's net-snmp) inside a network namespace this test creates, so the kernel there
 * has exactly the neighbour entries the test adds. The test process stays in its own namespace: a
 * relay child inside the namespace carries each UDP datagram between a loopback port here and snmpd
 * on the namespace's loopback, over the child's stdin and stdout. No packet leaves either loopback
 * or the namespace's own veth links.
 */

const run = promisify(execFile);
const SNMPD = '/usr/sbin/snmpd';
/** snmpd's port inside the namespace: the namespace is ours, so the usual one. */
const SNMPD_PORT = 161;

/** Whether the machine can run these tests, or why not. */
export function netnsSnmpdUnavailable(): string | null {
  if (process.platform !== 'linux') return 'network namespaces are Linux only';
  if (process.getuid?.() !== 0) return 'creating a network namespace needs root';
  if (!existsSync(SNMPD)) return `${SNMPD} is missing (apt-get install -y snmpd)`;
  const probe = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) return '`ip netns` is unavailable (iproute2)';
  return null;
}

export interface NeighbourEntry {
  readonly device: 'nb0' | 'nc0';
  readonly address: string;
  readonly mac: string | null;
  readonly nud: 'permanent' | 'reachable' | 'stale' | 'incomplete' | 'failed';
}

export interface SnmpdUser {
  readonly name: string;
  readonly auth: 'SHA' | 'SHA-256';
  readonly authPassword: string;
  readonly privPassword: string;
}

export interface NetnsSnmpdOptions {
  readonly neighbours: readonly NeighbourEntry[];
  /** Sees everything. */
  readonly community: string;
  /** Sees ipNetToMediaTable only: an older agent without ipNetToPhysicalTable. */
  readonly legacyCommunity: string;
  readonly users: readonly SnmpdUser[];
}

export interface NetnsSnmpd {
  readonly namespace: string;
  /** Loopback ports here that reach snmpd in the namespace: 127.0.0.1:port4 and [::1]:port6. */
  readonly port4: number;
  readonly port6: number;
  close(): Promise<void>;
}

/** The relay inside the namespace: frames are [u32 length][u8 family][u16 client][datagram]. */
const RELAY = `
const dgram = require('node:dgram');
const port = Number(process.argv[1]);
const sockets = new Map();
let pending = Buffer.alloc(0);
function socketFor(family, client) {
  const key = family + ':' + client;
  let socket = sockets.get(key);
  if (socket) return socket;
  socket = dgram.createSocket(family === 6 ? 'udp6' : 'udp4');
  socket.on('message', (message) => {
    const header = Buffer.alloc(7);
    header.writeUInt32BE(3 + message.length, 0);
    header.writeUInt8(family, 4);
    header.writeUInt16BE(client, 5);
    process.stdout.write(Buffer.concat([header, message]));
  });
  sockets.set(key, socket);
  return socket;
}
process.stdin.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
    const length = pending.readUInt32BE(0);
    const family = pending.readUInt8(4);
    const client = pending.readUInt16BE(5);
    const datagram = pending.subarray(7, 4 + length);
    pending = pending.subarray(4 + length);
    socketFor(family, client).send(datagram, port, family === 6 ? '::1' : '127.0.0.1');
  }
});
process.stdin.on('end', () => process.exit(0));
`;

interface Relay {
  readonly port4: number;
  readonly port6: number;
  close(): Promise<void>;
}

function bind(socket: Socket, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, address, () => resolve(socket.address().port));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function startRelay(namespace: string): Promise<Relay> {
  const child = spawn('ip', ['netns', 'exec', namespace, process.execPath, '-e', RELAY, String(SNMPD_PORT)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const sockets = { 4: createSocket('udp4'), 6: createSocket('udp6') } as const;
  const clients: RemoteInfo[] = [];
  const ids = new Map<string, number>();
  for (const family of [4, 6] as const) {
    sockets[family].on('message', (message, from) => {
      const key = `${family}|${from.address}|${from.port}`;
      let id = ids.get(key);
      if (id === undefined) {
        id = clients.push(from) - 1;
        ids.set(key, id);
      }
      const header = Buffer.alloc(7);
      header.writeUInt32BE(3 + message.length, 0);
      header.writeUInt8(family, 4);
      header.writeUInt16BE(id, 5);
      child.stdin?.write(Buffer.concat([header, message]));
    });
  }
  let pending = Buffer.alloc(0);
  child.stdout?.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
      const length = pending.readUInt32BE(0);
      const family = pending.readUInt8(4) === 6 ? 6 : 4;
      const client = clients[pending.readUInt16BE(5)];
      const datagram = pending.subarray(7, 4 + length);
      pending = pending.subarray(4 + length);
      if (client !== undefined) sockets[family].send(datagram, client.port, client.address);
    }
  });
  const port4 = await bind(sockets[4], '127.0.0.1');
  const port6 = await bind(sockets[6], '::1');
  return {
    port4,
    port6,
    async close() {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
      await exited(child);
      clearTimeout(timer);
      for (const socket of Object.values(sockets)) socket.close();
    },
  };
}

function snmpdConf(options: NetnsSnmpdOptions): string {
  const quote = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;
  return [
    `rocommunity ${options.community} default`,
    `rocommunity6 ${options.community} default`,
    'view legacy included .1.3.6.1.2.1.4.22',
    `rocommunity ${options.legacyCommunity} default -V legacy`,
    `rocommunity6 ${options.legacyCommunity} default -V legacy`,
    ...options.users.flatMap((user) => [
      `createUser ${user.name} ${user.auth} ${quote(user.authPassword)} AES ${quote(user.privPassword)}`,
      `rouser ${user.name} priv`,
    ]),
    '',
  ].join('\n');
}

/** Waits until snmpd says it runs (it prints its version once its ports are open). */
function snmpdReady(child: ChildProcess, log: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`snmpd did not start within 15 s:\n${log()}`)), 15_000);
    const check = () => {
      if (/NET-SNMP version/.test(log())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`snmpd exited (${code}) before it answered:\n${log()}`));
    });
  });
}

/**
 * Creates the namespace (two veth pairs, nb0/nb1 and nc0/nc1, with addresses and the given neighbour
 * entries on nb0 and nc0), starts snmpd in it and the relay. Whatever was made is removed again when a
 * step fails, and by close().
 */
export async function startNetnsSnmpd(options: NetnsSnmpdOptions): Promise<NetnsSnmpd> {
  const namespace = `ipam-snmp-${process.pid}-${randomBytes(3).toString('hex')}`;
  const dir = await mkdtemp(join(tmpdir(), 'ipam-snmpd-'));
  const ip = (...args: string[]) => run('ip', ['-n', namespace, ...args]);
  let snmpd: ChildProcess | null = null;
  let relay: Relay | null = null;
  let isNamespaceMade = false;
  const close = async () => {
    await relay?.close().catch(() => undefined);
    if (snmpd !== null) {
      snmpd.kill('SIGTERM');
      const timer = setTimeout(() => snmpd?.kill('SIGKILL'), 3_000);
      await exited(snmpd);
      clearTimeout(timer);
    }
    if (isNamespaceMade) await run('ip', ['netns', 'del', namespace]).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await run('ip', ['netns', 'add', namespace]);
    isNamespaceMade = true;
    await ip('link', 'set', 'lo', 'up');
    const links = [
      { device: 'nb0', peer: 'nb1', v4: '198.51.100.1/24', v6: '2001:db8:5::1/64' },
      { device: 'nc0', peer: 'nc1', v4: '203.0.113.1/24', v6: '2001:db8:6::1/64' },
    ];
    for (const link of links) {
      await ip('link', 'add', link.device, 'type', 'veth', 'peer', 'name', link.peer);
      // No link-local addresses: the kernel then makes no neighbour entries of its own.
      for (const device of [link.device, link.peer]) {
        await ip('link', 'set', device, 'addrgenmode', 'none');
        await ip('link', 'set', device, 'up');
      }
      await ip('addr', 'add', link.v4, 'dev', link.device);
      await ip('-6', 'addr', 'add', link.v6, 'dev', link.device, 'nodad');
    }
    for (const entry of options.neighbours) {
      const lladdr = entry.mac === null ? [] : ['lladdr', entry.mac];
      await ip('neigh', 'add', entry.address, ...lladdr, 'dev', entry.device, 'nud', entry.nud);
    }
    const conf = join(dir, 'snmpd.conf');
    await writeFile(conf, snmpdConf(options), { mode: 0o600 });
    let log = '';
    const child = spawn(
      'ip',
      [
        'netns',
        'exec',
        namespace,
        SNMPD,
        '-f',
        '-Lo',
        '-C',
        '-m',
        '',
        '-c',
        conf,
        '-p',
        join(dir, 'snmpd.pid'),
        `udp:127.0.0.1:${SNMPD_PORT},udp6:[::1]:${SNMPD_PORT}`,
      ],
      {
        env: { ...process.env, SNMP_PERSISTENT_DIR: join(dir, 'persist'), MIBS: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    snmpd = child;
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await snmpdReady(child, () => log);
    relay = await startRelay(namespace);
    return { namespace, port4: relay.port4, port6: relay.port6, close };
  } catch (error) {
    await close();
    throw error;
  }
}
