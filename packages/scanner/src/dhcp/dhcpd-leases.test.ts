import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPrefix } from '../../test/prefixes.js';
import { dhcpdTime, readDhcpdLeases } from './dhcpd-leases.js';
import { tokensOfLine } from './dhcpd-tokens.js';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

/** A lease block as dhcpd 4.4 writes it. */
const lease = (address: string, state: string, ends: string, extra: string[] = []) =>
  [
    `lease ${address} {`,
    '  starts 6 2026/11/28 08:00:00;',
    `  ends ${ends};`,
    '  cltt 6 2026/11/28 08:00:00;',
    `  binding state ${state};`,
    '  next binding state free;',
    '  rewind binding state free;',
    ...extra.map((line) => `  ${line}`),
    '}',
  ].join('\n');

const FILE_V4 = [
  '# The format of this file is documented in the dhcpd.leases(5) manual page.',
  '# This lease file was written by isc-dhcp-4.4.3',
  '',
  '# authoring-byte-order entry is generated, DO NOT DELETE',
  'authoring-byte-order little-endian;',
  '',
  'server-duid "\\000\\001\\000\\001-\\341\\022\\002\\000\\000\\000\\000\\001";',
  '',
  'failover peer "dhcp-pair" state {',
  '  my state normal at 6 2026/11/28 07:59:00;',
  '  partner state normal at 6 2026/11/28 07:59:00;',
  '}',
  'host fixed-printer {',
  '  dynamic;',
  '  hardware ethernet 02:00:00:00:00:20;',
  '  fixed-address 10.0.0.20;',
  '}',
  lease('10.0.0.2', 'active', '6 2099/11/28 10:00:00', [
    'hardware ethernet 02:00:00:00:00:02;',
    'uid "\\001\\002\\000\\000\\000\\000\\002";',
    'set vendor-class-identifier = "MSFT 5.0";',
    'client-hostname "laptop";',
  ]),
  lease('10.0.0.3', 'active', '6 2099/11/28 10:00:00', ['hardware ethernet 02:00:00:00:00:03;']),
  lease('10.0.0.4', 'free', '6 2026/11/28 09:00:00', ['hardware ethernet 02:00:00:00:00:04;']),
  lease('10.0.0.5', 'active', '6 2026/11/28 11:59:59', ['client-hostname "just-ended";']),
  // Quotes hide ; { } and # from the parser.
  lease('10.0.0.6', 'active', 'never', [
    'uid "a;b{c}d#e\\"f";',
    'hardware ethernet 2:0:0:0:0:6;',
    'client-hostname "forever"; # a comment after a statement',
  ]),
  lease('10.0.0.7', 'abandoned', '6 2099/11/28 10:00:00', ['client-hostname "bad";']),
  lease('10.0.0.8', 'backup', '6 2099/11/28 10:00:00'),
  lease('10.0.0.9', 'active', 'epoch 4000000000; # Mon Oct  2 07:06:40 2096', [
    'hardware ethernet 02:00:00:00:00:09;',
    'client-hostname "caf\\303\\251";',
  ]),
  lease('10.0.0.10', 'active', '6 2099/11/28 10:00:00', [
    'hardware ethernet 02:00:00:00:00:10;',
    'client-hostname "old-desk";',
  ]),
  lease('10.0.0.11', 'expired', '6 2026/11/28 11:00:00'),
  lease('10.0.0.12', 'active', '6 2099/11/28 10:00:00', [
    'hardware ethernet 02:00:00:00:00:12;',
    'on expiry {',
    '  set ddns-fwd-name = "x.example.com";',
    '  ends 6 2020/01/01 00:00:00;',
    '}',
    'client-hostname "with-events";',
  ]),
  lease('10.0.1.2', 'active', 'never', ['client-hostname "outside";']),
  'some-future-statement 42 "x";',
  // Later blocks: 10.0.0.3 released, 10.0.0.10 bound again to another client.
  lease('10.0.0.3', 'released', '6 2026/11/28 10:00:00', ['hardware ethernet 02:00:00:00:00:03;']),
  lease('10.0.0.10', 'active', '6 2099/11/28 10:00:00', [
    'hardware ethernet 02:00:00:00:AA:10;',
    'client-hostname "new-desk";',
  ]),
  // Being written as we read: no closing brace yet.
  'lease 10.0.0.13 {',
  '  binding state active;',
].join('\n');

const FILE_V6 = [
  '# This lease file was written by isc-dhcp-4.4.3',
  'server-duid "\\000\\001\\000\\001-\\341\\022\\002\\000\\000\\000\\000\\001";',
  'ia-na "\\007\\000\\000\\000\\000\\003\\000\\001\\002\\000\\000\\000\\006\\001" {',
  '  cltt 6 2026/11/28 08:00:00;',
  '  iaaddr fd00:db8::123 {',
  '    binding state active;',
  '    preferred-life 1800;',
  '    max-life 3600;',
  '    ends 6 2099/11/28 10:00:00;',
  '  }',
  '}',
  'ia-na "\\010\\000\\000\\000\\000\\003\\000\\001\\002\\000\\000\\000\\006\\002" {',
  '  iaaddr fd00:db8::124 {',
  '    binding state expired;',
  '    ends 6 2026/11/28 10:00:00;',
  '  }',
  '}',
  'ia-ta "\\011\\000\\000\\000" {',
  '  iaaddr fd00:db8::125 {',
  '    binding state active;',
  '    ends 6 2099/11/28 10:00:00;',
  '  }',
  '}',
  'ia-pd "\\012\\000\\000\\000" {',
  '  iaprefix fd00:db8::/64 {',
  '    binding state active;',
  '    ends 6 2099/11/28 10:00:00;',
  '  }',
  '}',
].join('\n');

describe('readDhcpdLeases', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ipam-dhcpd-file-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives the active IPv4 leases inside the subnet, the last block of an address winning', async () => {
    const path = join(dir, 'dhcpd.leases');
    await writeFile(path, FILE_V4);
    const sightings = await readDhcpdLeases(path, testPrefix('10.0.0.0/24'), NOW);
    expect(sightings.sort((a, b) => a.address.localeCompare(b.address))).toEqual([
      { address: '10.0.0.10', mac: '02:00:00:00:aa:10', hostname: 'new-desk', method: 'dhcp' },
      { address: '10.0.0.12', mac: '02:00:00:00:00:12', hostname: 'with-events', method: 'dhcp' },
      { address: '10.0.0.2', mac: '02:00:00:00:00:02', hostname: 'laptop', method: 'dhcp' },
      // Old dhcpd versions dropped the leading zeros of MAC bytes.
      { address: '10.0.0.6', mac: '02:00:00:00:00:06', hostname: 'forever', method: 'dhcp' },
      // "café" is no hostname: the host is there, its name is not taken.
      { address: '10.0.0.9', mac: '02:00:00:00:00:09', hostname: null, method: 'dhcp' },
    ]);
  });

  it('gives the active addresses of ia-na and ia-ta blocks (dhcpd -6) and skips delegated prefixes', async () => {
    const path = join(dir, 'dhcpd6.leases');
    await writeFile(path, FILE_V6);
    expect(await readDhcpdLeases(path, testPrefix('fd00:db8::/64'), NOW)).toEqual([
      { address: 'fd00:db8::123', mac: null, hostname: null, method: 'dhcp' },
      { address: 'fd00:db8::125', mac: null, hostname: null, method: 'dhcp' },
    ]);
    expect(await readDhcpdLeases(path, testPrefix('10.0.0.0/24'), NOW)).toEqual([]);
  });

  it('says which file is missing', async () => {
    const missing = join(dir, 'nope.leases');
    await expect(readDhcpdLeases(missing, testPrefix('10.0.0.0/24'), NOW)).rejects.toThrow(
      `${missing}: no such file`,
    );
  });

  it('refuses a file nested deeper than any lease file', async () => {
    const path = join(dir, 'deep.leases');
    await writeFile(path, 'x {\n'.repeat(100));
    await expect(readDhcpdLeases(path, testPrefix('10.0.0.0/24'), NOW)).rejects.toThrow(
      `${path}: blocks nested too deep; not a dhcpd lease file`,
    );
  });
});

describe('dhcpdTime', () => {
  it('reads UTC dates, epoch seconds and never', () => {
    expect(dhcpdTime(['4', '2026/11/26', '10:00:00'])).toBe(Date.UTC(2026, 10, 26, 10, 0, 0));
    expect(dhcpdTime(['epoch', '1764151200'])).toBe(1_764_151_200_000);
    expect(dhcpdTime(['never'])).toBe(Infinity);
  });
  it('gives NaN for anything else', () => {
    expect(dhcpdTime(['4', '26.11.2026', '10:00:00'])).toBeNaN();
    expect(dhcpdTime(['epoch', 'soon'])).toBeNaN();
    expect(dhcpdTime([])).toBeNaN();
  });
});

describe('tokensOfLine', () => {
  it('splits words, strings and punctuation, unescaping strings and dropping comments', () => {
    expect(tokensOfLine('  client-hostname "a\\"b\\\\c\\101"; # note')).toEqual([
      { kind: 'word', text: 'client-hostname' },
      { kind: 'string', text: 'a"b\\cA' },
      { kind: ';' },
    ]);
    expect(tokensOfLine('lease 10.0.0.2 {}')).toEqual([
      { kind: 'word', text: 'lease' },
      { kind: 'word', text: '10.0.0.2' },
      { kind: '{' },
      { kind: '}' },
    ]);
  });
});
