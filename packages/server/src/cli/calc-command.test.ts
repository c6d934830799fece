import { spawn, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const bin = join(root, 'packages/server/bin/ipam.js');

const coreModules = [
  'ipv4',
  'ipv6',
  'mask',
  'address-type',
  'calculator-ipv4',
  'calculator-ipv6',
  'messages',
];
const cliModules = ['calc-command', 'calc-input', 'calc-table', 'main'];
/** Source and compiled file of every module `ipam calc` runs. */
const modules = [
  ...coreModules.map((name) => [`packages/core/src/${name}.ts`, `packages/core/dist/${name}.js`]),
  ...cliModules.map((name) => [`packages/server/src/cli/${name}.ts`, `packages/server/dist/cli/${name}.js`]),
];

function modifiedAt(file: string): number {
  try {
    return statSync(join(root, file)).mtimeMs;
  } catch {
    return Number.NaN;
  }
}

/** Modules whose compiled file is missing or older than the source. */
function staleModules(): string[] {
  return modules
    .filter(([source = '', output = '']) => !(modifiedAt(output) >= modifiedAt(source)))
    .map(([s]) => s ?? '');
}

/** Runs the real built command with optional stdin; resolves with its exit status and output. */
function ipam(
  args: string[],
  stdin = '',
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

beforeAll(() => {
  // The test drives the compiled CLI; rebuild when the sources are newer (tsc emits despite others' type errors).
  if (staleModules().length > 0) {
    spawnSync('npm', ['run', 'build', '--workspace', '@ipam/core', '--workspace', '@ipam/server'], {
      cwd: root,
      stdio: 'ignore',
    });
  }
  expect(staleModules()).toEqual([]);
}, 120_000);

describe('ipam calc (built CLI)', () => {
  it('prints an aligned table for ADDR/PREFIX', async () => {
    const run = await ipam(['calc', '10.1.2.3/24']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Network address    10.1.2.0\n');
    expect(run.stdout).toContain('Broadcast address  10.1.2.255\n');
    expect(run.stdout).toContain('Usable hosts       254\n');
  });

  it('reads ADDR MASK with a dotted mask', async () => {
    const run = await ipam(['calc', '10.1.2.3', '255.255.255.0', '--json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ networkAddress: '10.1.2.0', cidr: 24, totalHosts: 254 });
  });

  it('reads IPv6 with a bare prefix length', async () => {
    const run = await ipam(['calc', '2001:db8::1', '64']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Last address     2001:db8::ffff:ffff:ffff:ffff\n');
  });

  it('refuses a bad input with the spec message and exit status 1', async () => {
    const run = await ipam(['calc', '10.1.2.3/08']);
    expect([run.status, run.stderr]).toEqual([
      1,
      'ipam calc: Invalid subnet mask. Use CIDR (/24) or dotted decimal (255.255.255.0)\n',
    ]);
  });

  it.each([[['calc']], [['calc', 'a', 'b', 'c']], [['calc', '-']], [['calc', '--bogus', '10.0.0.1/8']]])(
    'prints usage and exits 2 for %j',
    async (args) => {
      const run = await ipam(args);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^usage: ipam calc/);
    },
  );

  it('answers a batch one JSON line per input line, in order, continuing past a bad line', async () => {
    const input = '10.0.0.1/24\n\n2001:db8::/48\r\nnot-an-address\n  192.168.0.1 255.255.0.0  \n::1 129';
    const run = await ipam(['calc', '--json', '-'], input);
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(run.status).toBe(1);
    expect(lines.map((line) => line.networkAddress ?? line.error)).toEqual([
      '10.0.0.0',
      '2001:db8::',
      'Invalid IPv4 address format',
      '192.168.0.0',
      'Invalid prefix length. Use /64 or 64 (0-128)',
    ]);
    expect(lines[2]).toEqual({ input: 'not-an-address', error: 'Invalid IPv4 address format' });
  });

  // Its time budget (10,000 lines well under a second) is checked by bench/src/calc-cli.ts, not here.
  it('exits 0 on an all-good batch and answers each of 10,000 lines in order', async () => {
    const inputs = Array.from({ length: 10_000 }, (_, i) => `10.${i >> 8}.${i & 255}.1/${8 + (i % 25)}`);
    const run = await ipam(['calc', '--json', '-'], inputs.join('\n'));
    const lines = run.stdout.trimEnd().split('\n');
    expect(run.status).toBe(0);
    expect(lines).toHaveLength(10_000);
    expect(JSON.parse(lines[9_999] ?? '')).toMatchObject({ address: '10.39.15.1', cidr: 8 + (9_999 % 25) });
    const answered = lines.map((line) => {
      const { address, cidr } = JSON.parse(line) as { address: string; cidr: number };
      return `${address}/${cidr}`;
    });
    expect(answered).toEqual(inputs);
  });
});
