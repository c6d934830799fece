import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedPort } from './loopback.js';

const BINARIES = ['/usr/sbin/kea-dhcp4', '/usr/sbin/kea-dhcp6', '/usr/sbin/kea-ctrl-agent'];

/** Debian's lease_cmds hook library, under the architecture's library folder. */
function leaseCommandsLibrary(): string | null {
  for (const folder of ['/usr/lib', ...readdirSync('/usr/lib').map((name) => join('/usr/lib', name))]) {
    const path = join(folder, 'kea/hooks/libdhcp_lease_cmds.so');
    if (existsSync(path)) return path;
  }
  return null;
}

/** Fails (never skips) when Kea is missing, naming the Debian packages to install. */
function requireKea(): string {
  const library = leaseCommandsLibrary();
  const missing = [
    ...BINARIES.filter((path) => !existsSync(path)),
    ...(library ? [] : ['libdhcp_lease_cmds.so']),
  ];
  if (library === null || missing.length > 0) {
    throw new Error(
      `Kea tests need the real Kea (missing: ${missing.join(', ')}): ` +
        'apt-get install kea-dhcp4-server kea-dhcp6-server kea-ctrl-agent',
    );
  }
  return library;
}

/** Kea's DHCPv4 and DHCPv6 servers serving no interface, behind a control agent on loopback. */
export interface KeaServers {
  /** The control agent's URL (http://127.0.0.1:PORT/). */
  readonly url: URL;
  /** The lease files the servers write (memfile, persisted). */
  readonly leaseFiles: { readonly v4: string; readonly v6: string };
  /** Sends a command through the control agent (with the credentials if any) and gives the first answer. */
  command(
    name: string,
    service: 'dhcp4' | 'dhcp6',
    args?: object,
  ): Promise<{ result: number; text?: string }>;
  stop(): Promise<void>;
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
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

const logging = (name: string) => [{ name, output_options: [{ output: 'stdout' }], severity: 'WARN' }];

/**
 * Starts kea-dhcp4, kea-dhcp6 and kea-ctrl-agent with their own config in a temporary folder: no
 * interfaces (they answer no DHCP on any network), memfile leases and unix control sockets in the
 * folder, lease_cmds loaded, the control agent on 127.0.0.1 at a free port (basic authentication when
 * `credentials` are given as `user:password`).
 */
export async function startKea(credentials: string | null = null): Promise<KeaServers> {
  const library = requireKea();
  const dir = await mkdtemp(join(tmpdir(), 'ipam-kea-'));
  const port = await closedPort();
  const path = (name: string) => join(dir, name);
  // Kea 2.2 takes the paths as given; later versions want their folders named by these variables.
  const env = {
    ...process.env,
    KEA_PIDFILE_DIR: dir,
    KEA_LOCKFILE_DIR: dir,
    KEA_DHCP_DATA_DIR: dir,
    KEA_CONTROL_SOCKET_DIR: dir,
    KEA_LOG_FILE_DIR: dir,
  };
  const server = (version: 4 | 6, subnet: object) => ({
    [`Dhcp${version}`]: {
      'interfaces-config': { interfaces: [] },
      ...(version === 6 ? { 'data-directory': dir } : {}),
      'lease-database': {
        type: 'memfile',
        persist: true,
        name: path(`leases${version}.csv`),
        'lfc-interval': 0,
      },
      'control-socket': { 'socket-type': 'unix', 'socket-name': path(`d${version}.sock`) },
      'hooks-libraries': [{ library }],
      [`subnet${version}`]: [subnet],
      loggers: logging(`kea-dhcp${version}`),
    },
  });
  const [user, password] =
    credentials === null
      ? []
      : [credentials.slice(0, credentials.indexOf(':')), credentials.slice(credentials.indexOf(':') + 1)];
  const agent = {
    'Control-agent': {
      'http-host': '127.0.0.1',
      'http-port': port,
      'control-sockets': {
        dhcp4: { 'socket-type': 'unix', 'socket-name': path('d4.sock') },
        dhcp6: { 'socket-type': 'unix', 'socket-name': path('d6.sock') },
      },
      ...(credentials === null
        ? {}
        : { authentication: { type: 'basic', realm: 'ipam-test', clients: [{ user, password }] } }),
      loggers: logging('kea-ctrl-agent'),
    },
  };
  await writeFile(path('dhcp4.json'), JSON.stringify(server(4, { id: 1, subnet: '127.0.0.0/29' })));
  await writeFile(path('dhcp6.json'), JSON.stringify(server(6, { id: 1, subnet: 'fd00:db8::/64' })));
  await writeFile(path('agent.json'), JSON.stringify(agent));
  const processes = [
    start('/usr/sbin/kea-dhcp4', ['-c', path('dhcp4.json')], env),
    start('/usr/sbin/kea-dhcp6', ['-c', path('dhcp6.json')], env),
    start('/usr/sbin/kea-ctrl-agent', ['-c', path('agent.json')], env),
  ];
  const url = new URL(`http://127.0.0.1:${port}/`);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (credentials !== null) headers['authorization'] = `Basic ${Buffer.from(credentials).toString('base64')}`;
  const command: KeaServers['command'] = async (name, service, args) => {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ command: name, service: [service], ...(args ? { arguments: args } : {}) }),
      signal: AbortSignal.timeout(5000),
    });
    const [answer] = (await response.json()) as { result: number; text?: string }[];
    if (answer === undefined) throw new Error(`Kea gave no answer to ${name}`);
    return answer;
  };
  const stopAll = async () => {
    await Promise.all(processes.map(({ child }) => stop(child)));
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await Promise.all(
      (['dhcp4', 'dhcp6'] as const).map((service) =>
        command('list-commands', service).then(
          (answer) => answer.result === 0,
          () => false,
        ),
      ),
    );
    if (ready.every(Boolean)) break;
    if (Date.now() > deadline || processes.some(({ child }) => child.exitCode !== null)) {
      const output = processes.map(({ output }) => output()).join('\n');
      await stopAll();
      throw new Error(`Kea did not start in 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, leaseFiles: { v4: path('leases4.csv'), v6: path('leases6.csv') }, command, stop: stopAll };
}
