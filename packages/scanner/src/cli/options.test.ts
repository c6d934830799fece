import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from './options.js';

const env = { IPAM_SERVER: 'https://ipam.example.com/', IPAM_SCANNER_KEY: 'k'.repeat(32) };

function problems(args: string[], environment: NodeJS.ProcessEnv = env): string[] {
  try {
    parseCommand(args, environment);
  } catch (error) {
    if (error instanceof UsageError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseCommand', () => {
  it('reads server and key from the environment, with the defaults', () => {
    const command = parseCommand([], env);
    expect(command).toEqual({
      kind: 'run',
      options: {
        server: new URL('https://ipam.example.com/'),
        key: 'k'.repeat(32),
        isOnce: false,
        probe: { kind: 'auto' },
        isRefusedDead: false,
        timeoutMs: 1000,
        concurrency: 64,
        useDns: true,
        dnsServers: [],
        useMulticast: true,
        leases: { keaLeaseFiles: [], dhcpdLeaseFiles: [], keaControls: [], keaCredentials: null },
        snmpConfig: null,
      },
    });
    const fromEnvironment = parseCommand([], { ...env, IPAM_SNMP_CONFIG: '/etc/ipam/snmp.json' });
    expect(fromEnvironment.kind === 'run' && fromEnvironment.options.snmpConfig).toBe('/etc/ipam/snmp.json');
  });

  it('prefers the command line to the environment and reads every option', () => {
    const command = parseCommand(
      [
        '--server=http://127.0.0.1:8080',
        '--key',
        'abc',
        '--once',
        '--probe',
        'tcp:22,8080,22',
        '--refused-is-dead',
        '--timeout',
        '300',
        '--concurrency',
        '8',
        '--no-dns',
        '--dns-server',
        '127.0.0.1:5353,[::1]:53',
        '--dns-server',
        '10.0.0.53',
        '--no-multicast',
        '--snmp-config',
        '/etc/ipam/snmp.json',
      ],
      { ...env, IPAM_SNMP_CONFIG: '/elsewhere.json' },
    );
    expect(command).toMatchObject({
      kind: 'run',
      options: {
        key: 'abc',
        isOnce: true,
        probe: { kind: 'tcp', ports: [22, 8080] },
        isRefusedDead: true,
        timeoutMs: 300,
        concurrency: 8,
        useDns: false,
        dnsServers: ['127.0.0.1:5353', '[::1]:53', '10.0.0.53'],
        useMulticast: false,
        snmpConfig: '/etc/ipam/snmp.json',
      },
    });
    expect(command.kind === 'run' && command.options.server.href).toBe('http://127.0.0.1:8080/');
  });

  it('answers help and version before checking anything else', () => {
    expect(parseCommand(['--help'], {})).toEqual({ kind: 'help' });
    expect(parseCommand(['-V'], {})).toEqual({ kind: 'version' });
  });

  it('names every problem at once', () => {
    expect(problems(['--probe', 'tcp:0', '--timeout', 'soon', '--dns-server', 'dns.example'], {})).toEqual([
      '--server / IPAM_SERVER: is required',
      '--key / IPAM_SCANNER_KEY: is required',
      '--probe: must be auto, icmp or tcp:PORT[,PORT…] with ports 1–65535',
      expect.stringMatching(/^--timeout: /),
      '--dns-server: must be an IP address, ADDR:PORT or [IPV6]:PORT',
    ]);
  });

  it('refuses a server that is not http(s), a key with spaces, and unknown options', () => {
    expect(problems(['--server', 'ftp://ipam.example.com'])).toEqual([
      '--server / IPAM_SERVER: must be an http:// or https:// URL',
    ]);
    expect(problems(['--key', 'two words'])).toEqual([
      '--key / IPAM_SCANNER_KEY: must be the key shown when the scanner was registered',
    ]);
    expect(problems(['--frobnicate'])).toEqual([expect.stringContaining("'--frobnicate'")]);
    expect(problems(['extra'])).toEqual([expect.stringContaining("'extra'")]);
  });
});
