import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../cli/options.js';
import { loadSnmpConfig, parseSnmpConfig, SnmpConfigError } from './snmp-config.js';
import { snmpSources } from './snmp-sources.js';

function problems(text: string): string[] {
  try {
    parseSnmpConfig(text, 'snmp.json');
  } catch (error) {
    if (error instanceof SnmpConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseSnmpConfig', () => {
  it('reads v2c and v3 targets with their defaults', () => {
    const config = parseSnmpConfig(
      JSON.stringify({
        targets: [
          { host: '192.0.2.1', version: '2c', community: 'c0mmunity' },
          {
            host: 'core-sw.example.net',
            port: 1161,
            version: '3',
            user: 'ipam',
            authPassword: 'auth-pass-1',
            privPassword: 'priv-pass-1',
            timeoutMs: 5000,
            retries: 2,
          },
        ],
      }),
      'snmp.json',
    );
    expect(config.targets).toEqual([
      { host: '192.0.2.1', port: 161, version: '2c', community: 'c0mmunity', timeoutMs: 3000, retries: 1 },
      {
        host: 'core-sw.example.net',
        port: 1161,
        version: '3',
        user: 'ipam',
        authProtocol: 'sha256',
        authPassword: 'auth-pass-1',
        privProtocol: 'aes',
        privPassword: 'priv-pass-1',
        timeoutMs: 5000,
        retries: 2,
      },
    ]);
  });

  it('names every problem with where it is, and never echoes a secret', () => {
    const found = problems(
      JSON.stringify({
        targets: [
          { host: '300.1.2.3', version: '2c', community: '' },
          {
            host: '2001:db8::1',
            version: '3',
            user: 'ipam',
            authProtocol: 'md5',
            authPassword: 'short',
            privPassword: 'priv-pass-1',
            privProtocol: 'des',
          },
          { host: '192.0.2.1', version: 2, community: 'x' },
          { host: '192.0.2.1', version: '2c', community: 'x', port: 70000, retries: 9, extra: true },
        ],
      }),
    );
    expect(found).toEqual([
      'snmp.json: targets[0].host: Host must be an IP address or a DNS name',
      'snmp.json: targets[0].community: Community is required',
      'snmp.json: targets[1].authProtocol: Authentication protocol must be one of sha, sha224, sha256, sha384, sha512',
      'snmp.json: targets[1].authPassword: Authentication password must be at least 8 characters',
      'snmp.json: targets[1].privProtocol: Privacy protocol must be aes',
      'snmp.json: targets[2].version: Version must be "2c" or "3"',
      'snmp.json: targets[3].port: Port must be 1–65535',
      'snmp.json: targets[3].retries: Retries must be 0–5',
      'snmp.json: targets[3]: Unrecognized key: "extra"',
    ]);
    expect(found.join('\n')).not.toContain('short');
  });

  it('refuses text that is not JSON and a file without targets', () => {
    expect(problems('{ targets: ')).toEqual([expect.stringMatching(/^snmp\.json is not JSON \(/)]);
    expect(problems('{"targets": []}')).toEqual([
      'snmp.json: targets: Targets must name at least one target',
    ]);
    expect(problems('[]')).toEqual([expect.stringMatching(/^snmp\.json: /)]);
  });
});

describe('loadSnmpConfig and snmpSources', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ipam-snmp-config-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes one named source a target, none without a file', async () => {
    const file = join(dir, 'snmp.json');
    await writeFile(
      file,
      JSON.stringify({
        targets: [
          { host: '192.0.2.1', version: '2c', community: 'c0mmunity' },
          {
            host: '2001:db8::1',
            version: '3',
            user: 'ipam',
            authPassword: 'auth-pass-1',
            privPassword: 'priv-pass-1',
          },
        ],
      }),
    );
    expect(loadSnmpConfig(file).targets).toHaveLength(2);
    expect(snmpSources(file).map((source) => source.name)).toEqual([
      'snmp 192.0.2.1:161 v2c',
      'snmp [2001:db8::1]:161 v3 user ipam',
    ]);
    expect(snmpSources(null)).toEqual([]);
  });

  it('a missing or bad file is a usage error naming --snmp-config', async () => {
    expect(() => snmpSources(join(dir, 'absent.json'))).toThrow(UsageError);
    expect(() => snmpSources(join(dir, 'absent.json'))).toThrow(
      /^--snmp-config: \S+absent\.json cannot be read \(ENOENT\)$/,
    );
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"targets": [{"host": "192.0.2.1", "version": "2c"}]}');
    expect(() => snmpSources(bad)).toThrow(
      `--snmp-config: ${bad}: targets[0].community: Community is required`,
    );
  });
});
