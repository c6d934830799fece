// An integration test: the agent's one round against the real server, with DHCP lease files beside the
// probes. Only this test and main-server.test.ts import the server's test helpers (to start it); the
// agent itself still reaches it over HTTP alone.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
/* eslint-disable import-x/no-restricted-paths */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../../server/test/dialects.js';
import { useTestApp } from '../../../server/test/factories.js';
import {
  accountSession,
  postGroup,
  postSubnet,
  type AccountSession,
} from '../../../server/test/ipam-factories.js';
/* eslint-enable import-x/no-restricted-paths */
import { listenOn, type Listeners } from '../../test/loopback.js';
import { EXIT } from '../cli/exit-codes.js';
import { main } from '../cli/main.js';
import { NO_TOOLS } from '../probe/tools.js';

const KEA_V4_HEADER =
  'address,hwaddr,client_id,valid_lifetime,expire,subnet_id,fqdn_fwd,fqdn_rev,hostname,state,user_context';

async function scanner(args: string[], key: string) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  const status = await main(args, { IPAM_SCANNER_KEY: key }, io, new AbortController().signal, NO_TOOLS);
  return { status, stdout, stderr };
}

describeEachDialect('ipam-scanner --once with DHCP leases against the server (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let listeners: Listeners;
  let dir: string;
  let keaFile: string;
  let dhcpdFile: string;
  beforeAll(async () => {
    // Only 127.0.0.2 answers a probe; .3 and .6 hold leases and answer nothing.
    listeners = await listenOn(['127.0.0.2']);
    dir = await mkdtemp(join(tmpdir(), 'ipam-dhcp-agent-'));
    const later = Math.floor(Date.now() / 1000) + 3600;
    const earlier = later - 7200;
    keaFile = join(dir, 'kea-leases4.csv');
    await writeFile(
      keaFile,
      [
        KEA_V4_HEADER,
        `127.0.0.3,02:00:00:00:00:03,,3600,${later},1,0,0,printer.lan,0,`,
        `127.0.0.4,02:00:00:00:00:04,,3600,${earlier},1,0,0,gone.lan,0,`,
        `127.0.0.5,02:00:00:00:00:05,,3600,${later},1,0,0,locked.lan,0,`,
      ].join('\n') + '\n',
    );
    dhcpdFile = join(dir, 'dhcpd.leases');
    await writeFile(
      dhcpdFile,
      [
        'lease 127.0.0.6 {',
        '  starts 6 2026/11/28 08:00:00;',
        '  ends never;',
        '  binding state active;',
        '  hardware ethernet 02:00:00:00:00:06;',
        '  client-hostname "nas";',
        '}',
      ].join('\n') + '\n',
    );
  });
  afterAll(async () => {
    await listeners.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A tier-1 account with a scanned 127.0.0.0/29 whose .5 does not allow scanner updates, and its scanner. */
  async function registered(scanningType: 'auto' | 'approval') {
    const me = await accountSession(t.current, { tier: 1 });
    const group = await postGroup(me, 'Lab');
    const subnet = await postSubnet(me, group.id, '127.0.0.0/29', { scanningType, scanFrequency: 24 });
    expect(subnet.status).toBe(201);
    const subnetId: string = subnet.body.id;
    const locked = await me.call('PUT', `/subnets/${subnetId}/addresses/127.0.0.5`, {
      status: 'Available',
      description: 'kept free by hand',
      allowScannerUpdate: false,
    });
    expect(locked.status).toBe(200);
    const created = await me.call('POST', '/scanners', { name: 'DHCP agent', subnets: [subnetId] });
    expect(created.status).toBe(201);
    return { me, subnetId, key: created.body.apiKey as string };
  }

  const args = () => [
    '--once',
    '--server',
    t.current.baseUrl,
    '--probe',
    `tcp:${listeners.port}`,
    '--refused-is-dead',
    '--no-dns',
    '--no-multicast',
    '--kea-leases',
    keaFile,
    '--dhcpd-leases',
    dhcpdFile,
    '--kea-leases',
    join(dir, 'missing.csv'),
  ];

  async function addressesOf(me: AccountSession, subnetId: string) {
    const page = await me.call('GET', `/subnets/${subnetId}/addresses?limit=20`);
    expect(page.status).toBe(200);
    const items: { ipAddress: string; status: string; hostname: string; mac: string | null }[] =
      page.body.items;
    return items
      .filter((item) => item.status !== 'Available' || item.ipAddress === '127.0.0.5')
      .map(({ ipAddress, status, hostname, mac }) => ({ ipAddress, status, hostname, mac }));
  }

  it('auto scanning: leased hosts that answer no probe become In Use with the lease’s name and MAC', async () => {
    const { me, subnetId, key } = await registered('auto');
    const round = await scanner(args(), key);
    expect(round.status).toBe(EXIT.ok);
    expect(round.stdout).toContain(
      `each job also reads kea ${keaFile}, kea ${join(dir, 'missing.csv')}, dhcpd ${dhcpdFile}`,
    );
    // The missing file is told once and the job goes on without it, reporting no host gone (the file might
    // have vouched for it). 127.0.0.5's lease makes it alive, but it does not allow scanner updates: 3 applied.
    expect(round.stderr).toMatch(
      new RegExp(
        `kea ${join(dir, 'missing.csv')} could not be read \\(.*missing\\.csv: no such file\\); scanning without it`,
      ),
    );
    expect(round.stdout).toMatch(
      /job finished Subnet 127\.0\.0\.0\/29 .*: 4 alive, 0 dead, .*server applied 3, approvals 0/,
    );
    expect(await addressesOf(me, subnetId)).toEqual([
      { ipAddress: '127.0.0.2', status: 'In Use', hostname: '', mac: null },
      { ipAddress: '127.0.0.3', status: 'In Use', hostname: 'printer.lan', mac: '02:00:00:00:00:03' },
      // Allow scanner update is off: status and name stay; the MAC seen is recorded, as for any probe.
      { ipAddress: '127.0.0.5', status: 'Available', hostname: '', mac: '02:00:00:00:00:05' },
      { ipAddress: '127.0.0.6', status: 'In Use', hostname: 'nas', mac: '02:00:00:00:00:06' },
    ]);
    const history = await me.call('GET', `/subnets/${subnetId}/scans`);
    expect(history.body.items[0].methods).toEqual(expect.arrayContaining(['tcp', 'dhcp']));
  });

  it('approval scanning: each leased host is an approval showing the lease’s name, none for a locked address', async () => {
    const { me, subnetId, key } = await registered('approval');
    const round = await scanner(args(), key);
    expect(round.status).toBe(EXIT.ok);
    const pending = await me.call('GET', `/subnets/${subnetId}/approvals`);
    expect(pending.status).toBe(200);
    const entries: {
      ipAddress: string;
      changes: { field: string; now: string; confirm: string }[];
      seenAlive: boolean;
      seenMac: string | null;
    }[] = pending.body.items;
    expect(
      entries.map(({ ipAddress, changes, seenAlive, seenMac }) => ({
        ipAddress,
        changes,
        seenAlive,
        seenMac,
      })),
    ).toEqual([
      {
        ipAddress: '127.0.0.2',
        changes: [{ field: 'status', now: 'Available', confirm: 'In Use' }],
        seenAlive: true,
        seenMac: null,
      },
      {
        ipAddress: '127.0.0.3',
        changes: [
          { field: 'status', now: 'Available', confirm: 'In Use' },
          { field: 'hostname', now: '', confirm: 'printer.lan' },
          // The scan records the MAC it saw at once (an observation, docs/decisions.md); Confirm keeps it.
          { field: 'mac', now: '02:00:00:00:00:03', confirm: '02:00:00:00:00:03' },
        ],
        seenAlive: true,
        seenMac: '02:00:00:00:00:03',
      },
      {
        ipAddress: '127.0.0.6',
        changes: [
          { field: 'status', now: 'Available', confirm: 'In Use' },
          { field: 'hostname', now: '', confirm: 'nas' },
          { field: 'mac', now: '02:00:00:00:00:06', confirm: '02:00:00:00:00:06' },
        ],
        seenAlive: true,
        seenMac: '02:00:00:00:00:06',
      },
    ]);
    expect((await me.call('POST', `/subnets/${subnetId}/approvals/confirm-all`)).body).toEqual({
      settled: 3,
    });
    expect(await addressesOf(me, subnetId)).toEqual([
      { ipAddress: '127.0.0.2', status: 'In Use', hostname: '', mac: null },
      { ipAddress: '127.0.0.3', status: 'In Use', hostname: 'printer.lan', mac: '02:00:00:00:00:03' },
      { ipAddress: '127.0.0.5', status: 'Available', hostname: '', mac: '02:00:00:00:00:05' },
      { ipAddress: '127.0.0.6', status: 'In Use', hostname: 'nas', mac: '02:00:00:00:00:06' },
    ]);
  });
});
