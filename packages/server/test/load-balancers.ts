import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './built-server.js';
import { freePort } from './dns-servers.js';
import { TestClient } from './test-client.js';
import { tlsFetch } from './tls-fetch.js';

const run = promisify(execFile);

const NGINX = '/usr/sbin/nginx';
const HAPROXY = '/usr/sbin/haproxy';
const OPENSSL = '/usr/bin/openssl';

/** The shipped configurations the tests run, as they are in the repository. */
export const nginxConfPath = join(repoRoot, 'deploy/nginx/ipam.conf');
export const haproxyCfgPath = join(repoRoot, 'deploy/haproxy/ipam.cfg');

/** The placeholders of deploy/nginx/ipam.conf (its header documents them). */
export const nginxPlaceholders = [
  'IPAM_SERVER_NAME',
  'IPAM_HTTP_LISTEN',
  'IPAM_HTTPS_LISTEN',
  'IPAM_TLS_CERT',
  'IPAM_TLS_KEY',
  'IPAM_UPSTREAM_SERVERS',
] as const;

/** Values for the nginx template's placeholders. */
export type NginxValues = Record<(typeof nginxPlaceholders)[number], string>;

/**
 * The nginx template with its `${IPAM_…}` placeholders filled in, as envsubst limited to those names
 * does; fails when the file holds a placeholder it does not document, so the two never drift.
 */
export function renderNginxConf(template: string, values: NginxValues): string {
  const rendered = template.replace(/\$\{(IPAM_[A-Z_]+)\}/g, (whole, name: string) => {
    const value = (values as Record<string, string>)[name];
    if (value === undefined) throw new Error(`deploy/nginx/ipam.conf: unknown placeholder ${whole}`);
    return value;
  });
  return rendered;
}

/** A self-signed certificate for `ipam.test` and 127.0.0.1, made with openssl in `dir`. */
export async function selfSignedCertificate(dir: string) {
  const cert = join(dir, 'ipam.crt');
  const key = join(dir, 'ipam.key');
  await run(OPENSSL, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=ipam.test',
    '-addext',
    'subjectAltName=DNS:ipam.test,IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  const certText = await readFile(cert, 'utf8');
  // HAProxy takes the chain and the key in one file.
  const pem = join(dir, 'ipam.pem');
  await writeFile(pem, certText + (await readFile(key, 'utf8')));
  return { cert, key, pem, certText };
}

/** A load balancer the test started in front of server processes. */
export interface LoadBalancer {
  /** Where plain HTTP is answered (it redirects). */
  httpUrl: string;
  /** Where HTTPS is answered; its certificate is `ca`. */
  httpsUrl: string;
  ca: string;
  /** A client for `httpsUrl` trusting `ca`, with its own cookie jar. */
  client(headers?: Record<string, string>): TestClient;
  /** The balancer's main process id (nginx's master; HAProxy's only process). */
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

function startDaemon(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(env ? { env } : {}) });
  let text = '';
  const keep = (chunk: Buffer): void => {
    text = (text + chunk.toString()).slice(-16_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => text };
}

async function stopDaemon(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

/** Waits until the balancer answers /api/health over HTTPS; a balancer that never does is stopped. */
async function untilServing(what: string, balancer: LoadBalancer, child: ChildProcess): Promise<void> {
  const client = balancer.client();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const status = await client.get('/api/health').then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await balancer.stop();
  throw new Error(`${what} did not serve /api/health:\n${balancer.output()}`);
}

function requireBinary(path: string, debianPackage: string): void {
  if (!existsSync(path)) throw new Error(`this test runs ${path}: apt-get install ${debianPackage}`);
}

/** What a started balancer shares: its folder, certificate, ports and HTTPS client. */
async function prepare(name: string) {
  const dir = await mkdtemp(join(tmpdir(), `ipam-${name}-`));
  const certificate = await selfSignedCertificate(dir);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const send = tlsFetch(certificate.certText);
  const httpsUrl = `https://127.0.0.1:${httpsPort}`;
  return {
    dir,
    certificate,
    httpPort,
    httpsPort,
    balancer: (child: ChildProcess, output: () => string): LoadBalancer => ({
      httpUrl: `http://127.0.0.1:${httpPort}`,
      httpsUrl,
      ca: certificate.certText,
      client: (headers = {}) => new TestClient(httpsUrl, headers, send),
      pid: child.pid ?? 0,
      output,
      async stop() {
        send.close();
        await stopDaemon(child);
        await rm(dir, { recursive: true, force: true });
      },
    }),
  };
}

/**
 * Starts Debian's nginx in the foreground on two loopback ports with deploy/nginx/ipam.conf rendered
 * for `upstreams` (host:port of each server process), inside a minimal main configuration of its own
 * (what /etc/nginx/nginx.conf is on a server): pid, logs and temporary files in a temporary folder.
 */
export async function startNginx(upstreams: readonly string[]): Promise<LoadBalancer> {
  requireBinary(NGINX, 'nginx');
  const { dir, certificate, httpPort, httpsPort, balancer } = await prepare('nginx');
  const site = renderNginxConf(await readFile(nginxConfPath, 'utf8'), {
    IPAM_SERVER_NAME: 'ipam.test',
    IPAM_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
    IPAM_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
    IPAM_TLS_CERT: certificate.cert,
    IPAM_TLS_KEY: certificate.key,
    IPAM_UPSTREAM_SERVERS: upstreams.map((address) => `server ${address};`).join(' '),
  });
  await writeFile(join(dir, 'ipam.conf'), site);
  const temp = join(dir, 'temp');
  await mkdir(temp);
  const isRoot = process.getuid?.() === 0;
  await writeFile(
    join(dir, 'nginx.conf'),
    [
      // As root, nginx's workers would run as nobody, who cannot write the test's temporary folder.
      ...(isRoot ? ['user root root;'] : []),
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(temp, kind)};`,
      ),
      `  include ${join(dir, 'ipam.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const { child, output } = startDaemon(NGINX, [
    '-p',
    dir,
    '-e',
    'stderr',
    '-c',
    join(dir, 'nginx.conf'),
    '-g',
    'daemon off;',
  ]);
  const started = balancer(child, output);
  await untilServing('nginx', started, child);
  return started;
}

/**
 * Starts Debian's HAProxy in the foreground with a minimal `global` section of its own (what
 * /etc/haproxy/haproxy.cfg holds on a server) and deploy/haproxy/ipam.cfg as it is, its settings in
 * the environment: two loopback ports and `upstreams` (host:port of one to three server processes).
 */
export async function startHaproxy(upstreams: readonly string[]): Promise<LoadBalancer> {
  requireBinary(HAPROXY, 'haproxy');
  if (upstreams.length < 1 || upstreams.length > 3)
    throw new Error('deploy/haproxy/ipam.cfg names 1–3 servers');
  const { dir, certificate, httpPort, httpsPort, balancer } = await prepare('haproxy');
  const global = join(dir, 'global.cfg');
  await writeFile(
    global,
    ['global', `    pidfile ${join(dir, 'haproxy.pid')}`, '    maxconn 2000', ''].join('\n'),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    IPAM_HTTP_BIND: `127.0.0.1:${httpPort}`,
    IPAM_HTTPS_BIND: `127.0.0.1:${httpsPort}`,
    IPAM_TLS_PEM: certificate.pem,
  };
  upstreams.forEach((address, i) => (env[`IPAM_SERVER_${i + 1}`] = address));
  const { child, output } = startDaemon(HAPROXY, ['-db', '-f', global, '-f', haproxyCfgPath], env);
  const started = balancer(child, output);
  await untilServing('haproxy', started, child);
  return started;
}
