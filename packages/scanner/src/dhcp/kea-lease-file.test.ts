import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPrefix } from '../../test/prefixes.js';
import { readKeaLeaseFile, unescapeKea } from './kea-lease-file.js';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const LATER = NOW / 1000 + 3600;
const EARLIER = NOW / 1000 - 3600;

// Kea 2.4+ columns (pool_id at the end); the v6 header is Kea 2.2's, as Debian 12's Kea writes it.
const V4_HEADER =
  'address,hwaddr,client_id,valid_lifetime,expire,subnet_id,fqdn_fwd,fqdn_rev,hostname,state,user_context,pool_id';
const v4 = (address: string, mac: string, expire: number, hostname = '', state = 0, valid = 3600) =>
  `${address},${mac},01:${mac},${valid},${expire},1,0,0,${hostname},${state},,0`;
const V6_HEADER =
  'address,duid,valid_lifetime,expire,subnet_id,pref_lifetime,lease_type,iaid,prefix_len,fqdn_fwd,fqdn_rev,hostname,hwaddr,state,user_context,hwtype,hwaddr_source';
const v6 = (address: string, type: number, expire: number, hostname = '', mac = '', state = 0) =>
  `${address},00:03:00:01:${mac || '02:00:00:00:00:99'},3600,${expire},1,1800,${type},7,${type === 2 ? 56 : 128},0,0,${hostname},${mac},${state},,${mac ? 1 : ''},${mac ? 4 : ''}`;

describe('readKeaLeaseFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ipam-kea-file-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function file(name: string, lines: string[]): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, lines.join('\n') + '\n');
    return path;
  }

  it('gives the active IPv4 leases inside the subnet, the last line of an address winning', async () => {
    const path = await file('kea-leases4.csv', [
      V4_HEADER,
      v4('10.0.0.2', '02:00:00:00:00:02', LATER, 'laptop'),
      v4('10.0.0.3', '02:00:00:00:00:03', LATER, 'declined-later'),
      v4('10.0.0.4', '02:00:00:00:00:04', EARLIER, 'expired'),
      v4('10.0.0.5', '02:00:00:00:00:05', LATER, 'reclaimed', 2),
      v4('10.0.0.6', '02:00:00:00:00:06', LATER, 'deleted-later'),
      v4('10.0.0.8', '02:00:00:00:00:08', LATER, 'desk-1'),
      v4('10.0.0.9', '02:00:00:00:00:09', LATER, 'printer&#x2cfloor2'),
      v4('10.0.0.10', '', LATER, 'host.example.com.'),
      v4('10.0.1.5', '02:00:00:01:00:05', LATER, 'outside'),
      '10.0.0.11,02:00:00:00:00:11,,3600', // cut short: Kea skips such a row, so do we
      v4('10.0.0.3', '02:00:00:00:00:03', LATER, 'declined-later', 1),
      // A deleted lease: Kea appends it again with a valid lifetime of 0.
      v4('10.0.0.6', '02:00:00:00:00:06', NOW / 1000 - 5, 'deleted-later', 0, 0),
      v4('10.0.0.8', '02-00-00-00-AA-08', LATER, 'desk-2'),
    ]);
    const sightings = await readKeaLeaseFile(path, testPrefix('10.0.0.0/24'), NOW);
    expect(sightings.sort((a, b) => a.address.localeCompare(b.address))).toEqual([
      { address: '10.0.0.10', mac: null, hostname: 'host.example.com', method: 'dhcp' },
      { address: '10.0.0.2', mac: '02:00:00:00:00:02', hostname: 'laptop', method: 'dhcp' },
      { address: '10.0.0.8', mac: '02:00:00:00:aa:08', hostname: 'desk-2', method: 'dhcp' },
      // "printer,floor2" is no hostname: the host is there, its name is not taken.
      { address: '10.0.0.9', mac: '02:00:00:00:00:09', hostname: null, method: 'dhcp' },
    ]);
  });

  it('gives IPv6 address leases and skips delegated prefixes; an IPv4 subnet reads nothing of a v6 file', async () => {
    const path = await file('kea-leases6.csv', [
      V6_HEADER,
      v6('fd00:db8::123', 0, LATER, 'six.lan', '02:00:00:00:06:01'),
      v6('fd00:db8::124', 0, LATER),
      v6('fd00:db8::125', 0, EARLIER, 'gone'),
      v6('fd00:db8::126', 1, LATER, 'temporary'),
      v6('fd00:db8::', 2, LATER, 'delegated'),
      v6('fd00:db8::127', 0, LATER, 'declined', '', 1),
    ]);
    expect(await readKeaLeaseFile(path, testPrefix('fd00:db8::/64'), NOW)).toEqual([
      { address: 'fd00:db8::123', mac: '02:00:00:00:06:01', hostname: 'six.lan', method: 'dhcp' },
      { address: 'fd00:db8::124', mac: null, hostname: null, method: 'dhcp' },
      { address: 'fd00:db8::126', mac: null, hostname: 'temporary', method: 'dhcp' },
    ]);
    expect(await readKeaLeaseFile(path, testPrefix('10.0.0.0/24'), NOW)).toEqual([]);
  });

  it('reads the files of a lease file cleanup first, as Kea does at start', async () => {
    const sub = await mkdtemp(join(dir, 'rotated-'));
    const base = join(sub, 'kea-leases4.csv');
    await writeFile(
      `${base}.1`,
      [V4_HEADER, v4('10.0.0.2', '02:00:00:00:00:02', LATER, 'kept')].join('\n') + '\n',
    );
    await writeFile(
      `${base}.2`,
      [
        V4_HEADER,
        v4('10.0.0.3', '02:00:00:00:00:03', LATER, 'moved'),
        v4('10.0.0.4', '02:00:00:00:00:04', LATER),
      ].join('\n') + '\n',
    );
    await writeFile(
      base,
      [V4_HEADER, v4('10.0.0.4', '02:00:00:00:00:04', LATER, 'released', 0, 0)].join('\n') + '\n',
    );
    const names = async () =>
      (await readKeaLeaseFile(base, testPrefix('10.0.0.0/24'), NOW))
        .map((sighting) => sighting.hostname)
        .sort();
    expect(await names()).toEqual(['kept', 'moved']);
    // A finished cleanup's output replaces .1 and .2.
    await writeFile(
      `${base}.completed`,
      [V4_HEADER, v4('10.0.0.5', '02:00:00:00:00:05', LATER, 'cleaned')].join('\n') + '\n',
    );
    expect(await names()).toEqual(['cleaned']);
  });

  it('says which file is missing, unreadable or no Kea lease file', async () => {
    const missing = join(dir, 'nope.csv');
    await expect(readKeaLeaseFile(missing, testPrefix('10.0.0.0/24'), NOW)).rejects.toThrow(
      `${missing}: no such file`,
    );
    await expect(readKeaLeaseFile(dir, testPrefix('10.0.0.0/24'), NOW)).rejects.toThrow(
      `${dir}: is a directory`,
    );
    const other = await file('other.csv', ['ip,mac', '10.0.0.2,02:00:00:00:00:02']);
    await expect(readKeaLeaseFile(other, testPrefix('10.0.0.0/24'), NOW)).rejects.toThrow(
      `${other}: not a Kea lease file (its first line is no Kea header)`,
    );
    if (process.getuid?.() !== 0) {
      const locked = await file('locked.csv', [V4_HEADER]);
      await chmod(locked, 0o000);
      await expect(readKeaLeaseFile(locked, testPrefix('10.0.0.0/24'), NOW)).rejects.toThrow(
        `${locked}: permission denied`,
      );
    }
  });
});

describe('unescapeKea', () => {
  it('puts back the bytes Kea escaped', () => {
    expect(unescapeKea('printer&#x2cone')).toBe('printer,one');
    expect(unescapeKea('caf&#xc3&#xa9')).toBe('café');
    expect(unescapeKea('a&#x26b')).toBe('a&b');
  });
  it('keeps text without a complete escape as it is', () => {
    expect(unescapeKea('plain-name')).toBe('plain-name');
    expect(unescapeKea('odd&#xzz')).toBe('odd&#xzz');
    expect(unescapeKea('end&#x2')).toBe('end&#x2');
  });
});
