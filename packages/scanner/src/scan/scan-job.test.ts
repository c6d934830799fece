import type { ScanJob } from '@ipam/core/api/scanner';
import type { ScanResultsInput } from '@ipam/core/schemas/scanner-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  listenOn,
  startLoopbackDns,
  type Listeners,
  type LoopbackDns,
} from '../../test/loopback.js';
import { parseIpNeighbour, readNeighbours } from '../probe/neighbours.js';
import { reverseLookup } from '../probe/reverse-dns.js';
import { tcpProber } from '../probe/tcp-probe.js';
import { detectTools } from '../probe/tools.js';
import { scanJob, type ScanMeans } from './scan-job.js';
import type { SightingSource } from './sightings.js';

const tools = detectTools();

function job(fields: Partial<ScanJob> = {}): ScanJob {
  return {
    subnetId: 'subnet-1',
    name: 'loopback',
    version: 4,
    networkIP: '127.0.0.0',
    prefixLength: 29,
    scanningType: 'auto',
    knownAddresses: [],
    leaseSeconds: 600,
    ...fields,
  };
}

async function collect(batches: AsyncIterable<ScanResultsInput>): Promise<ScanResultsInput[]> {
  const all: ScanResultsInput[] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

describe('scanJob on loopback', () => {
  let listeners: Listeners;
  let dns: LoopbackDns;
  let means: ScanMeans;
  beforeAll(async () => {
    listeners = await listenOn(['127.0.0.2', '127.0.0.5']);
    dns = await startLoopbackDns({ '5.0.0.127.in-addr.arpa': 'nas.office.lan' });
    means = {
      prober: tcpProber({ ports: [listeners.port], isRefusedDead: true, timeoutMs: 1000, concurrency: 16 }),
      readNeighbours: () => readNeighbours(tools),
      reverseLookup: reverseLookup({ timeoutMs: 1000, servers: [dns.server] }),
      discover: null,
    };
  });
  afterAll(async () => {
    await listeners.close();
    await dns.close();
  });

  it('sweeps 127.0.0.0/29 into one done batch: every host, the two listeners alive, names looked up', async () => {
    const batches = await collect(scanJob(job(), means));
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch).toMatchObject({ subnetId: 'subnet-1', coverage: 'sweep', done: true });
    expect(batch?.hosts).toEqual([
      { ipAddress: '127.0.0.1', alive: false, method: 'tcp' },
      { ipAddress: '127.0.0.2', alive: true, method: 'tcp' },
      { ipAddress: '127.0.0.3', alive: false, method: 'tcp' },
      { ipAddress: '127.0.0.4', alive: false, method: 'tcp' },
      { ipAddress: '127.0.0.5', alive: true, method: 'tcp', hostname: 'nas.office.lan' },
      { ipAddress: '127.0.0.6', alive: false, method: 'tcp' },
    ]);
    // Only live hosts are looked up.
    expect(dns.questions).toEqual(
      expect.arrayContaining(['2.0.0.127.in-addr.arpa', '5.0.0.127.in-addr.arpa']),
    );
    expect(dns.questions).not.toContain('3.0.0.127.in-addr.arpa');
  });

  it('posts a job of 10,000 hosts as 3 batches sharing startedAt; only the last says done', async () => {
    // 127.0.0.0/8 is too large to sweep: its known addresses are probed (coverage known).
    const knownAddresses = Array.from({ length: 10_000 }, (_, i) => `127.1.${i >> 8}.${(i & 255) + 0}`);
    const dead = tcpProber({
      ports: [await closedPort()],
      isRefusedDead: true,
      timeoutMs: 1000,
      concurrency: 128,
    });
    const planned: [string, number][] = [];
    const batches = await collect(
      scanJob(
        job({ prefixLength: 8, knownAddresses }),
        { ...means, prober: dead, reverseLookup: null },
        {
          onPlanned: (coverage, count) => planned.push([coverage, count]),
        },
      ),
    );
    expect(planned).toEqual([['known', 10_000]]);
    expect(batches.map((batch) => [batch.hosts.length, batch.done, batch.coverage])).toEqual([
      [4096, false, 'known'],
      [4096, false, 'known'],
      [1808, true, 'known'],
    ]);
    expect(new Set(batches.map((batch) => batch.startedAt)).size).toBe(1);
    expect(batches.every((batch) => batch.hosts.every((host) => !host.alive))).toBe(true);
  });

  it('reports a host the neighbour table just confirmed as alive, with its MAC', async () => {
    // The kernel's table as `ip neigh` prints it on a LAN; loopback has none of its own.
    const table = parseIpNeighbour(
      '127.0.0.3 dev eth0 lladdr 02:00:00:00:00:03 REACHABLE\n127.0.0.2 dev eth0 lladdr 02:00:00:00:00:02 STALE\n127.0.0.4 dev eth0 lladdr 02:00:00:00:00:04 STALE\n',
    );
    const batches = await collect(
      scanJob(job(), { ...means, reverseLookup: null, readNeighbours: () => Promise.resolve(table) }),
    );
    expect(batches[0]?.hosts.slice(1, 4)).toEqual([
      { ipAddress: '127.0.0.2', alive: true, method: 'tcp', mac: '02:00:00:00:00:02' },
      { ipAddress: '127.0.0.3', alive: true, method: 'neighbour', mac: '02:00:00:00:00:03' },
      // A stale entry is no proof, and a dead host gets no MAC.
      { ipAddress: '127.0.0.4', alive: false, method: 'tcp' },
    ]);
  });

  it('reports hosts other systems vouch for: alive without answering, with their MAC and lease name', async () => {
    const failures: string[] = [];
    const sightingSources: SightingSource[] = [
      {
        name: 'router',
        read: () =>
          Promise.resolve([
            // Drops every probe but sits in the router's table; outside the subnet is left out.
            { address: '127.0.0.3', mac: '02:00:00:00:00:13', hostname: null, method: 'snmp' },
            { address: '10.1.2.3', mac: '02:00:00:00:00:99', hostname: null, method: 'snmp' },
          ]),
      },
      { name: 'broken', read: () => Promise.reject(new Error('timed out')) },
      {
        name: 'leases',
        read: () =>
          Promise.resolve([
            { address: '127.0.0.3', mac: null, hostname: 'printer-3', method: 'dhcp' },
            // Alive by the probe already: the lease adds what the probe could not know.
            { address: '127.0.0.2', mac: '02:00:00:00:00:12', hostname: 'desk-2', method: 'dhcp' },
          ]),
      },
    ];
    const batches = await collect(
      scanJob(
        job(),
        { ...means, reverseLookup: null, sightingSources },
        { onSourceError: (source, error) => failures.push(`${source.name}: ${String(error)}`) },
      ),
    );
    // A source failed: what it alone would have vouched for is unknown, so no host is reported gone.
    expect(batches[0]?.hosts).toEqual([
      { ipAddress: '127.0.0.2', alive: true, method: 'tcp', mac: '02:00:00:00:00:12', hostname: 'desk-2' },
      {
        ipAddress: '127.0.0.3',
        alive: true,
        method: 'snmp',
        mac: '02:00:00:00:00:13',
        hostname: 'printer-3',
      },
      { ipAddress: '127.0.0.5', alive: true, method: 'tcp' },
    ]);
    expect(failures).toEqual(['broken: Error: timed out']);
    // With every source read, a silent host is reported silent.
    const whole = await collect(
      scanJob(job(), { ...means, reverseLookup: null, sightingSources: sightingSources.slice(0, 1) }),
    );
    expect(whole[0]?.hosts.find((host) => host.ipAddress === '127.0.0.4')).toEqual({
      ipAddress: '127.0.0.4',
      alive: false,
      method: 'tcp',
    });
  });

  it('probes what a source sighted in a subnet too large to sweep', async () => {
    const sightingSources: SightingSource[] = [
      {
        name: 'leases',
        read: () => Promise.resolve([{ address: '127.200.0.9', mac: null, hostname: null, method: 'dhcp' }]),
      },
    ];
    const batches = await collect(
      scanJob(job({ prefixLength: 8, knownAddresses: [] }), {
        ...means,
        reverseLookup: null,
        sightingSources,
      }),
    );
    expect(batches[0]?.hosts).toEqual([{ ipAddress: '127.200.0.9', alive: true, method: 'dhcp' }]);
  });

  it('sends a job with nothing to probe as one empty batch that ends it', async () => {
    const batches = await collect(
      scanJob(job({ prefixLength: 8, knownAddresses: [] }), { ...means, reverseLookup: null }),
    );
    expect(batches).toEqual([expect.objectContaining({ coverage: 'known', done: true, hosts: [] })]);
  });

  it("refuses a batch core's schema would refuse before it is sent", async () => {
    const odd = { address: '127.0.0.3', mac: 'not-a-mac', isFresh: true, isAbsent: false };
    const batches = collect(
      scanJob(job(), { ...means, reverseLookup: null, readNeighbours: () => Promise.resolve([odd]) }),
    );
    await expect(batches).rejects.toMatchObject({ name: 'ZodError' });
  });

  it('probes an IPv6 subnet too large to sweep by its known addresses inside it', async () => {
    const v6 = await listenOn(['::1']);
    try {
      const prober = tcpProber({ ports: [v6.port], isRefusedDead: true, timeoutMs: 1000, concurrency: 4 });
      const batches = await collect(
        scanJob(
          job({
            version: 6,
            networkIP: '::',
            prefixLength: 104,
            knownAddresses: ['0::1', '2001:db8::1', '::1'],
          }),
          {
            ...means,
            prober,
            reverseLookup: null,
          },
        ),
      );
      expect(batches).toEqual([
        expect.objectContaining({
          coverage: 'known',
          done: true,
          // ::1 once; 2001:db8::1 lies outside ::/104 and is never probed.
          hosts: [{ ipAddress: '::1', alive: true, method: 'tcp' }],
        }),
      ]);
    } finally {
      await v6.close();
    }
  });
});
