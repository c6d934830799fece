// An integration test: the agent's one round against the real server. Only this test imports the
// server's test helpers (to start it); the agent itself still reaches it over HTTP alone.
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
import { listenOn, startLoopbackDns, type Listeners, type LoopbackDns } from '../../test/loopback.js';
import { runRound } from '../agent/agent.js';
import { scannerClient } from '../api/scanner-client.js';
import type { Prober } from '../probe/prober.js';
import { tcpProber } from '../probe/tcp-probe.js';
import { NO_TOOLS } from '../probe/tools.js';
import { AGENT_VERSION } from '../version.js';
import { EXIT } from './exit-codes.js';
import { main } from './main.js';

/** `ipam-scanner <args>` in-process, with the key in the environment as a service has it. */
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

async function addressesOf(me: AccountSession, subnetId: string) {
  const page = await me.call('GET', `/subnets/${subnetId}/addresses?limit=20`);
  expect(page.status).toBe(200);
  const items: { ipAddress: string; status: string; hostname: string }[] = page.body.items;
  return items.map(({ ipAddress, status, hostname }) => ({ ipAddress, status, hostname }));
}

describeEachDialect('ipam-scanner --once against the server (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let listeners: Listeners;
  let dns: LoopbackDns;
  beforeAll(async () => {
    listeners = await listenOn(['127.0.0.2', '127.0.0.5']);
    dns = await startLoopbackDns({ '5.0.0.127.in-addr.arpa': 'nas.office.lan' });
  });
  afterAll(async () => {
    await listeners.close();
    await dns.close();
  });

  /** A tier-1 account with an auto-scanned 127.0.0.0/29 and a scanner registered for it through the API. */
  async function registered() {
    const me = await accountSession(t.current, { tier: 1 });
    const group = await postGroup(me, 'Lab');
    const subnet = await postSubnet(me, group.id, '127.0.0.0/29', {
      scanningType: 'auto',
      scanFrequency: 24,
    });
    expect(subnet.status).toBe(201);
    const created = await me.call('POST', '/scanners', { name: 'Lab agent', subnets: [subnet.body.id] });
    expect(created.status).toBe(201);
    return { me, subnetId: subnet.body.id as string, key: created.body.apiKey as string };
  }

  const probeArgs = () => [
    '--once',
    '--server',
    t.current.baseUrl,
    '--probe',
    `tcp:${listeners.port}`,
    '--refused-is-dead',
    '--dns-server',
    dns.server,
    '--no-multicast',
  ];

  it('scans 127.0.0.0/29 in one round: the two listening hosts become In Use with their names', async () => {
    const { me, subnetId, key } = await registered();
    const round = await scanner(probeArgs(), key);
    expect(round.stderr).toBe('');
    expect(round.status).toBe(EXIT.ok);
    expect(round.stdout).toMatch(
      /job started Subnet 127\.0\.0\.0\/29 127\.0\.0\.0\/29 \(subnet \S+\): 6 hosts to probe, sweep, tcp \d+ \(refused is dead\)/,
    );
    expect(round.stdout).toMatch(
      /job finished Subnet 127\.0\.0\.0\/29 .*: 2 alive, 4 dead, 1 batch in \d+\.\d s; server applied 2, approvals 0/,
    );

    const inUse = (await addressesOf(me, subnetId)).filter((address) => address.status !== 'Available');
    expect(inUse).toEqual([
      { ipAddress: '127.0.0.2', status: 'In Use', hostname: '' },
      { ipAddress: '127.0.0.5', status: 'In Use', hostname: 'nas.office.lan' },
    ]);
    expect((await me.call('GET', `/subnets/${subnetId}`)).body.lastScanned).not.toBeNull();
    const [registeredScanner] = (await me.call('GET', '/scanners')).body.items;
    expect(registeredScanner).toMatchObject({ agentVersion: AGENT_VERSION });
    expect(registeredScanner.lastSeenAt).not.toBeNull();

    // The job ended with the last batch: the next round finds nothing due.
    const next = await scanner(probeArgs(), key);
    expect(next.status).toBe(EXIT.ok);
    expect(next.stdout).not.toContain('job started');
  });

  it('exits 3 with one line when the server refuses the key', async () => {
    const round = await scanner(probeArgs(), 'Z'.repeat(32));
    expect(round.status).toBe(EXIT.keyRefused);
    expect(round.stderr).toMatch(
      /^ipam-scanner: the server refused the scanner key \(401 scanner_key_invalid: [^\n]*\n$/,
    );
  });

  it("exits 4 with one line once the account's tier has no scanners", async () => {
    const { me, key } = await registered();
    await t.current.db.updateTable('accounts').set({ tier: 0 }).where('id', '=', me.accountId).execute();
    const round = await scanner(probeArgs(), key);
    expect(round.status).toBe(EXIT.noScanners);
    expect(round.stderr).toMatch(
      /^ipam-scanner: the account's tier has no scanners \(403 scanners_not_in_tier: [^\n]*\n$/,
    );
  });

  it('logs a job the server stopped taking results for, and goes on with the next', async () => {
    const me = await accountSession(t.current, { tier: 1 });
    const group = await postGroup(me, 'Two');
    const subnetIds: Record<string, string> = {};
    for (const cidr of ['127.0.0.0/29', '127.0.1.0/29']) {
      const subnet = await postSubnet(me, group.id, cidr, { scanningType: 'auto', scanFrequency: 24 });
      subnetIds[cidr] = subnet.body.id;
    }
    const created = await me.call('POST', '/scanners', { name: 'Two', subnets: Object.values(subnetIds) });
    const tcp = tcpProber({ ports: [listeners.port], isRefusedDead: true, timeoutMs: 1000, concurrency: 8 });
    // The user turns scanning off for whichever subnet is probed first, while it is being probed.
    let stopped: string | null = null;
    const prober: Prober = {
      description: tcp.description,
      async probe(targets) {
        if (stopped === null) {
          stopped = targets[0]?.text.startsWith('127.0.1.') ? '127.0.1.0/29' : '127.0.0.0/29';
          await me.call('PATCH', `/subnets/${subnetIds[stopped]}`, { scanningType: 'none' });
        }
        return tcp.probe(targets);
      },
    };
    const lines: string[] = [];
    const log = {
      info: (m: string) => lines.push(m),
      warn: (m: string) => lines.push(m),
      error: (m: string) => lines.push(m),
    };
    const client = scannerClient({
      server: new URL(t.current.baseUrl),
      key: created.body.apiKey,
      agentVersion: AGENT_VERSION,
    });
    const means = { prober, readNeighbours: () => Promise.resolve([]), reverseLookup: null, discover: null };
    const round = await runRound({ client, means, log }, new AbortController().signal);
    expect(round).toEqual({ pollIntervalSeconds: 60, jobs: 2, failedJobs: 1 });
    const other = stopped === '127.0.0.0/29' ? '127.0.1.0/29' : '127.0.0.0/29';
    expect(lines.filter((line) => line.startsWith('job failed'))).toEqual([
      expect.stringMatching(
        new RegExp(`^job failed Subnet ${stopped} .*no longer takes results .*409 scan_not_enabled`),
      ),
    ]);
    expect(lines.filter((line) => line.startsWith('job finished'))).toEqual([
      expect.stringMatching(new RegExp(`^job finished Subnet ${other} `)),
    ]);
    expect((await me.call('GET', `/subnets/${subnetIds[other]}`)).body.lastScanned).not.toBeNull();
  });
});
