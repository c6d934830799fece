import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKea, type KeaServers } from '../../test/kea.js';
import { closedPort } from '../../test/loopback.js';
import { testPrefix } from '../../test/prefixes.js';
import { readKeaControl } from './kea-control.js';
import { readKeaLeaseFile } from './kea-lease-file.js';

const CREDENTIALS = 'ipam-agent:s3cret:with-colon';
const byAddress = <T extends { address: string }>(items: T[]) =>
  [...items].sort((a, b) => a.address.localeCompare(b.address));

describe("Kea's control agent (the real Kea, on loopback)", () => {
  let kea: KeaServers;
  beforeAll(async () => {
    kea = await startKea(CREDENTIALS);
    const now = Math.floor(Date.now() / 1000);
    const add4 = (args: object) => kea.command('lease4-add', 'dhcp4', args);
    const add6 = (args: object) => kea.command('lease6-add', 'dhcp6', args);
    const answers = [
      await add4({ 'ip-address': '127.0.0.2', 'hw-address': '02:00:00:00:00:02', hostname: 'laptop.lan' }),
      await add4({ 'ip-address': '127.0.0.3', 'hw-address': '02:00:00:00:00:03', hostname: 'printer,one' }),
      await add4({ 'ip-address': '127.0.0.4', 'hw-address': '02:00:00:00:00:04', hostname: 'bad', state: 1 }),
      await add4({
        'ip-address': '127.0.0.5',
        'hw-address': '02:00:00:00:00:05',
        hostname: 'old',
        expire: now - 60,
        'valid-lft': 3600,
      }),
      await add4({ 'ip-address': '127.0.0.6', 'hw-address': '02:00:00:00:00:06' }),
      await add6({
        'ip-address': 'fd00:db8::123',
        duid: '01:02:03:04:05:06',
        iaid: 1,
        'hw-address': '02:00:00:00:06:01',
        hostname: 'six.lan',
      }),
      await add6({ 'ip-address': 'fd00:db8::124', duid: '01:02:03:04:05:07', iaid: 2 }),
      await add6({
        'ip-address': 'fd00:db8:0:100::',
        'prefix-len': 56,
        type: 'IA_PD',
        duid: '01:02:03:04:05:08',
        iaid: 3,
        'subnet-id': 1,
      }),
    ];
    expect(answers.map((answer) => answer.result)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
  afterAll(() => kea?.stop());

  const control = () => ({ url: kea.url, credentials: CREDENTIALS });

  it('gives the active DHCPv4 leases inside the subnet with their MACs and names, page by page', async () => {
    const expected = [
      { address: '127.0.0.2', mac: '02:00:00:00:00:02', hostname: 'laptop.lan', method: 'dhcp' },
      // "printer,one" is no hostname: the host is there, its name is not taken.
      { address: '127.0.0.3', mac: '02:00:00:00:00:03', hostname: null, method: 'dhcp' },
      { address: '127.0.0.6', mac: '02:00:00:00:00:06', hostname: null, method: 'dhcp' },
    ];
    expect(byAddress(await readKeaControl(control(), testPrefix('127.0.0.0/29')))).toEqual(expected);
    // Two leases a page: four requests, the same leases.
    expect(
      byAddress(await readKeaControl({ ...control(), pageSize: 2 }, testPrefix('127.0.0.0/29'))),
    ).toEqual(expected);
    // The lease file Kea wrote says the same.
    expect(byAddress(await readKeaLeaseFile(kea.leaseFiles.v4, testPrefix('127.0.0.0/29')))).toEqual(
      expected,
    );
    expect(await readKeaControl(control(), testPrefix('127.0.1.0/29'))).toEqual([]);
  });

  it('gives the active DHCPv6 address leases and skips the delegated prefix', async () => {
    const expected = [
      { address: 'fd00:db8::123', mac: '02:00:00:00:06:01', hostname: 'six.lan', method: 'dhcp' },
      { address: 'fd00:db8::124', mac: null, hostname: null, method: 'dhcp' },
    ];
    expect(byAddress(await readKeaControl(control(), testPrefix('fd00:db8::/64')))).toEqual(expected);
    expect(byAddress(await readKeaLeaseFile(kea.leaseFiles.v6, testPrefix('fd00:db8::/64')))).toEqual(
      expected,
    );
    // The delegated prefix is inside this one, but it is no address.
    expect(await readKeaControl(control(), testPrefix('fd00:db8:0:100::/56'))).toEqual([]);
  });

  it('sees a released lease go at the next read', async () => {
    expect((await kea.command('lease4-del', 'dhcp4', { 'ip-address': '127.0.0.6' })).result).toBe(0);
    const addresses = async (read: () => Promise<{ address: string }[]>) =>
      (await read()).map((sighting) => sighting.address).sort();
    expect(await addresses(() => readKeaControl(control(), testPrefix('127.0.0.0/29')))).toEqual([
      '127.0.0.2',
      '127.0.0.3',
    ]);
    expect(await addresses(() => readKeaLeaseFile(kea.leaseFiles.v4, testPrefix('127.0.0.0/29')))).toEqual([
      '127.0.0.2',
      '127.0.0.3',
    ]);
  });

  it('says when the credentials are refused or missing', async () => {
    await expect(
      readKeaControl({ url: kea.url, credentials: 'ipam-agent:wrong' }, testPrefix('127.0.0.0/29')),
    ).rejects.toThrow(`Kea control agent ${kea.url.origin}: credentials refused (HTTP 401)`);
    await expect(
      readKeaControl({ url: kea.url, credentials: null }, testPrefix('127.0.0.0/29')),
    ).rejects.toThrow('credentials refused (HTTP 401)');
  });

  it('says when nothing listens there', async () => {
    const url = new URL(`http://127.0.0.1:${await closedPort()}/`);
    await expect(readKeaControl({ url, credentials: null }, testPrefix('127.0.0.0/29'))).rejects.toThrow(
      `Kea control agent ${url.origin}: connection refused (is kea-ctrl-agent running there?)`,
    );
  });

  it('gives up on an agent that does not answer, after the timeout', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const url = new URL(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    try {
      await expect(
        readKeaControl({ url, credentials: null, timeoutMs: 300 }, testPrefix('127.0.0.0/29')),
      ).rejects.toThrow(`Kea control agent ${url.origin}: no answer within 0.3 s`);
    } finally {
      held.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
