import { describe, expect, it } from 'vitest';
import { closedPort } from '../../test/loopback.js';
import { NO_TOOLS } from '../probe/tools.js';
import { AGENT_VERSION } from '../version.js';
import { EXIT } from './exit-codes.js';
import { main } from './main.js';

/** Runs main in-process, keeping what it writes. */
async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  const status = await main(args, env, io, new AbortController().signal, NO_TOOLS);
  return { status, stdout, stderr };
}

describe('ipam-scanner', () => {
  it('prints help and its version with status 0', async () => {
    const help = await run(['--help']);
    expect(help.status).toBe(EXIT.ok);
    expect(help.stdout).toMatch(/^usage: ipam-scanner --server URL --key KEY/);
    expect(await run(['--version'])).toEqual({
      status: EXIT.ok,
      stdout: `ipam-scanner ${AGENT_VERSION}\n`,
      stderr: '',
    });
  });

  it('exits 2 naming what is missing', async () => {
    const result = await run(['--once']);
    expect(result.status).toBe(EXIT.usage);
    expect(result.stderr).toContain(
      '--server / IPAM_SERVER: is required; --key / IPAM_SCANNER_KEY: is required',
    );
  });

  it('exits 2 when --probe icmp is asked for on a machine without fping or ping', async () => {
    const result = await run(['--once', '--probe', 'icmp'], {
      IPAM_SERVER: 'http://127.0.0.1:1',
      IPAM_SCANNER_KEY: 'k',
    });
    expect(result.status).toBe(EXIT.usage);
    expect(result.stderr).toContain('--probe icmp: neither fping nor ping is installed');
  });

  it('exits 2 naming the problem when the --snmp-config file is missing or wrong', async () => {
    const env = { IPAM_SERVER: 'http://127.0.0.1:1', IPAM_SCANNER_KEY: 'k' };
    const missing = await run(['--once', '--snmp-config', '/nonexistent/snmp.json'], env);
    expect(missing.status).toBe(EXIT.usage);
    expect(missing.stderr).toContain('--snmp-config: /nonexistent/snmp.json cannot be read (ENOENT)');
    const fromEnvironment = await run(['--once'], { ...env, IPAM_SNMP_CONFIG: '/nonexistent/snmp.json' });
    expect(fromEnvironment.status).toBe(EXIT.usage);
  });

  it('--once exits 5 with one line when the server cannot be reached', async () => {
    const port = await closedPort();
    const result = await run(['--once', '--server', `http://127.0.0.1:${port}`], {
      IPAM_SCANNER_KEY: 'k'.repeat(32),
    });
    expect(result.status).toBe(EXIT.serverFailed);
    expect(result.stderr).toMatch(
      new RegExp(`^ipam-scanner: cannot reach http://127\\.0\\.0\\.1:${port}: ECONNREFUSED[^\\n]*\\n$`),
    );
    // The start line says what the agent will do; the key shows only its first 4 characters.
    expect(result.stdout).toMatch(
      /INFO {2}ipam-scanner \S+ one round against http:\/\/127\.0\.0\.1:\d+ with key kkkk…; probes: tcp 22,80,443,445,3389/,
    );
    expect(result.stdout).not.toContain('k'.repeat(5));
  });
});
