import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from '../cli/options.js';
import { leaseSources, leaseWarnings } from './lease-sources.js';

const env = { IPAM_SERVER: 'https://ipam.example.com/', IPAM_SCANNER_KEY: 'k'.repeat(32) };

function leasesOf(args: string[], environment: NodeJS.ProcessEnv = env) {
  const command = parseCommand(args, environment);
  if (command.kind !== 'run') throw new Error('not a run');
  return command.options.leases;
}

function problems(args: string[], environment: NodeJS.ProcessEnv = env): string[] {
  try {
    parseCommand(args, environment);
  } catch (error) {
    if (error instanceof UsageError) return error.problems;
    throw error;
  }
  return [];
}

describe('the lease options', () => {
  it('reads repeated lease files (made absolute) and control agents', () => {
    expect(
      leasesOf([
        '--kea-leases',
        '/var/lib/kea/kea-leases4.csv',
        '--kea-leases=kea-leases6.csv',
        '--dhcpd-leases',
        '/var/lib/dhcp/dhcpd.leases',
        '--kea-control',
        'http://127.0.0.1:8000/',
        '--kea-control',
        'https://kea.example.com:8443/',
      ]),
    ).toEqual({
      keaLeaseFiles: ['/var/lib/kea/kea-leases4.csv', resolve('kea-leases6.csv')],
      dhcpdLeaseFiles: ['/var/lib/dhcp/dhcpd.leases'],
      keaControls: [new URL('http://127.0.0.1:8000/'), new URL('https://kea.example.com:8443/')],
      keaCredentials: null,
    });
  });

  it('takes the credentials from IPAM_KEA_CONTROL_AUTH or a file, never from the command line', () => {
    const control = ['--kea-control', 'http://127.0.0.1:8000/'];
    expect(leasesOf(control, { ...env, IPAM_KEA_CONTROL_AUTH: 'agent:pa:ss' }).keaCredentials).toEqual({
      from: 'environment',
      value: 'agent:pa:ss',
    });
    expect(leasesOf([...control, '--kea-control-auth-file', '/etc/ipam/kea-auth']).keaCredentials).toEqual({
      from: 'file',
      path: '/etc/ipam/kea-auth',
    });
    // Without a control agent the variable is not used.
    expect(leasesOf([], { ...env, IPAM_KEA_CONTROL_AUTH: 'agent:x' }).keaCredentials).toBeNull();
  });

  it('names every problem', () => {
    expect(problems(['--kea-control', 'http://agent:secret@127.0.0.1:8000/'])).toEqual([
      '--kea-control: put the credentials in IPAM_KEA_CONTROL_AUTH or --kea-control-auth-file, not in the URL ' +
        '(a command line is visible to every user of the machine)',
    ]);
    expect(
      problems(['--kea-control', 'ftp://127.0.0.1/', '--kea-control', 'kea:8000', '--kea-leases', '']),
    ).toEqual([
      '--kea-leases: must be the path of a lease file',
      '--kea-control: must be an http:// or https:// URL',
      '--kea-control: must be an http:// or https:// URL',
    ]);
    expect(problems(['--kea-control', 'nonsense'])).toEqual([
      '--kea-control: "nonsense" is not a URL (e.g. http://127.0.0.1:8000/)',
    ]);
    expect(problems(['--kea-control-auth-file', '/etc/ipam/kea-auth'])).toEqual([
      '--kea-control-auth-file: only with --kea-control',
    ]);
    const control = ['--kea-control', 'http://127.0.0.1:8000/'];
    expect(problems(control, { ...env, IPAM_KEA_CONTROL_AUTH: 'no-colon' })).toEqual([
      'IPAM_KEA_CONTROL_AUTH: must be USER:PASSWORD',
    ]);
    expect(
      problems([...control, '--kea-control-auth-file', '/x'], { ...env, IPAM_KEA_CONTROL_AUTH: 'a:b' }),
    ).toEqual(['--kea-control-auth-file: give the credentials once (IPAM_KEA_CONTROL_AUTH is set too)']);
    // With the other options' problems, in one usage error.
    expect(problems(['--timeout', '1', '--kea-leases', ''])).toEqual([
      '--timeout: Too small: expected number to be >=50',
      '--kea-leases: must be the path of a lease file',
    ]);
  });
});

describe('leaseSources', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ipam-lease-options-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names one source per file and control agent, in the order given', () => {
    const sources = leaseSources(
      leasesOf([
        '--dhcpd-leases',
        '/var/lib/dhcp/dhcpd.leases',
        '--kea-leases',
        '/var/lib/kea/kea-leases4.csv',
        '--kea-control',
        'http://127.0.0.1:8000/',
      ]),
    );
    expect(sources.map((source) => source.name)).toEqual([
      'kea /var/lib/kea/kea-leases4.csv',
      'dhcpd /var/lib/dhcp/dhcpd.leases',
      'kea-control http://127.0.0.1:8000',
    ]);
  });

  it('reads the credentials file at start and refuses one it cannot use', async () => {
    const good = join(dir, 'good');
    await writeFile(good, 'agent:secret\n');
    await chmod(good, 0o600);
    const control = ['--kea-control', 'http://127.0.0.1:8000/', '--kea-control-auth-file'];
    expect(leaseSources(leasesOf([...control, good]))).toHaveLength(1);
    const bad = join(dir, 'bad');
    await writeFile(bad, 'just-a-password\n');
    expect(() => leaseSources(leasesOf([...control, bad]))).toThrow(
      `--kea-control-auth-file: ${bad} must hold USER:PASSWORD on its first line`,
    );
    const missing = join(dir, 'missing');
    expect(() => leaseSources(leasesOf([...control, missing]))).toThrow(
      `--kea-control-auth-file: ${missing}: no such file`,
    );
  });

  it('warns of credentials sent over plain http beyond loopback', () => {
    const withAuth = { ...env, IPAM_KEA_CONTROL_AUTH: 'agent:secret' };
    const controls = ['--kea-control', 'http://10.0.0.5:8000/', '--kea-control', 'https://kea.example.com/'];
    expect(
      leaseWarnings(leasesOf([...controls, '--kea-control', 'http://127.0.0.1:8000/'], withAuth)),
    ).toEqual([
      'the Kea credentials go to http://10.0.0.5:8000 over plain http: use https beyond this machine',
    ]);
    expect(leaseWarnings(leasesOf(controls))).toEqual([]);
  });
});
