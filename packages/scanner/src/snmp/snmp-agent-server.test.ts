// The agent's one round against the real server, with a router's neighbour table read from a real
// snmpd in a network namespace: a host that drops every probe but sits in that table is found.
/* eslint-disable import-x/no-restricted-paths */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../server/test/dialects.js';
import { useTestApp } from '../../../server/test/factories.js';
import { accountSession, postGroup, postSubnet } from '../../../server/test/ipam-factories.js';
/* eslint-enable import-x/no-restricted-paths */
import { closedPort } from '../../test/loopback.js';
import { netnsSnmpdUnavailable, startNetnsSnmpd, type NetnsSnmpd } from '../../test/netns-snmpd.js';
import { EXIT } from '../cli/exit-codes.js';
import { main } from '../cli/main.js';
import { NO_TOOLS } from '../probe/tools.js';

const isCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
const unavailable = netnsSnmpdUnavailable();
if (unavailable !== null && !isCi) {
  console.warn(`snmp-agent-server.test: skipped, ${unavailable} (under CI this fails instead)`);
}

const COMMUNITY = 'router-ro-5d1e';
// 127.66.x: the agent in this process probes them on its own loopback (TCP to a closed port, refused
// and so dead); only the router in the namespace has them in its table.
const AUTO_HOST = { address: '127.66.0.3', mac: '02:5e:66:00:00:03' };
const APPROVAL_HOST = { address: '127.66.1.4', mac: '02:5e:66:01:00:04' };
const V3_USER = {
  name: 'ipam-reader',
  auth: 'SHA-256',
  authPassword: 'auth-pass-e2e-1',
  privPassword: 'priv-pass-e2e-1',
} as const;

describe.skipIf(unavailable !== null && !isCi)('ipam-scanner --once with --snmp-config', () => {
  let snmpd: NetnsSnmpd;
  let dir: string;
  let configFile: string;
  let deadPort: number;
  beforeAll(async () => {
    if (unavailable !== null) throw new Error(`CI must run these tests: ${unavailable}`);
    snmpd = await startNetnsSnmpd({
      neighbours: [AUTO_HOST, APPROVAL_HOST].map((host) => ({ device: 'nb0', ...host, nud: 'permanent' })),
      community: COMMUNITY,
      legacyCommunity: 'unused-legacy-community',
      users: [V3_USER],
    });
    dir = await mkdtemp(join(tmpdir(), 'ipam-snmp-agent-'));
    configFile = join(dir, 'snmp.json');
    const targets = [
      { host: '127.0.0.1', port: snmpd.port4, version: '2c', community: COMMUNITY, timeoutMs: 1000 },
      // A second router that never answers: told in the log, and the scan goes on.
      { host: '127.0.0.1', port: snmpd.port4, version: '2c', community: 'wrong', timeoutMs: 200, retries: 0 },
    ];
    await writeFile(configFile, JSON.stringify({ targets }), { mode: 0o600 });
    deadPort = await closedPort();
  }, 60_000);
  afterAll(async () => {
    await snmpd?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  async function scanner(server: string, key: string, isLocal = true) {
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    };
    const args = [
      ...['--once', '--server', server, '--probe', `tcp:${deadPort}`, '--refused-is-dead'],
      ...['--no-dns', '--no-multicast', ...(isLocal ? ['--snmp-config', configFile] : [])],
    ];
    const status = await main(args, { IPAM_SCANNER_KEY: key }, io, new AbortController().signal, NO_TOOLS);
    return { status, stdout, stderr };
  }

  describeEachDialect('against the server (%s)', (dialect) => {
    const t = useTestApp(dialect);

    it('a host that answers no probe but sits in the router table becomes In Use, or an approval, by snmp', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'Behind the router');
      const auto = await postSubnet(me, group.id, '127.66.0.0/29', {
        scanningType: 'auto',
        scanFrequency: 24,
      });
      const approval = await postSubnet(me, group.id, '127.66.1.0/29', {
        scanningType: 'approval',
        scanFrequency: 24,
      });
      const created = await me.call('POST', '/scanners', {
        name: 'Router reader',
        subnets: [auto.body.id, approval.body.id],
      });
      expect(created.status).toBe(201);

      const round = await scanner(t.current.baseUrl, created.body.apiKey);
      expect(round.status).toBe(EXIT.ok);
      expect(round.stdout).toContain(`each job also reads snmp 127.0.0.1:${snmpd.port4} v2c`);
      // A router could not be read: the scan reports no host as gone (that router might list it).
      expect(round.stdout).toMatch(
        /job finished Subnet 127\.66\.0\.0\/29 .*: 1 alive, 0 dead, .*applied 1, approvals 0/,
      );
      expect(round.stdout).toMatch(
        /job finished Subnet 127\.66\.1\.0\/29 .*: 1 alive, 0 dead, .*applied 0, approvals 1/,
      );
      // The silent router is told once a job and costs nothing else; no secret is in the log.
      const warnings = round.stderr.split('\n').filter((line) => line !== '');
      expect(warnings).toHaveLength(2);
      for (const line of warnings) {
        expect(line).toMatch(
          new RegExp(
            `WARN  job .*: snmp 127\\.0\\.0\\.1:${snmpd.port4} v2c could not be read \\(no answer from .*\\); scanning without it$`,
          ),
        );
      }
      expect(round.stdout + round.stderr).not.toContain(COMMUNITY);

      const page = await me.call('GET', `/subnets/${auto.body.id}/addresses?limit=20`);
      const inUse = (page.body.items as { ipAddress: string; status: string }[]).filter(
        (address) => address.status !== 'Available',
      );
      expect(inUse).toEqual([
        expect.objectContaining({
          ipAddress: AUTO_HOST.address,
          status: 'In Use',
          mac: AUTO_HOST.mac,
          lastSeenBy: 'Router reader',
        }),
      ]);
      const autoScans = await me.call('GET', `/subnets/${auto.body.id}/scans`);
      expect(autoScans.body.items[0]).toMatchObject({ methods: ['snmp'], alive: 1, applied: 1 });

      const approvals = await me.call('GET', `/subnets/${approval.body.id}/approvals`);
      expect(approvals.body.items).toEqual([
        expect.objectContaining({
          ipAddress: APPROVAL_HOST.address,
          recommendation: 'In Use',
          seenAlive: true,
          seenMac: APPROVAL_HOST.mac,
          seenBy: 'Router reader',
        }),
      ]);
      const approvalScans = await me.call('GET', `/subnets/${approval.body.id}/scans`);
      expect(approvalScans.body.items[0]).toMatchObject({ methods: ['snmp'], alive: 1, approvals: 1 });
    });

    it('targets stored on the server for the scanner reach its agent: v3 authPriv, no local file', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'Server-configured');
      const subnet = await postSubnet(me, group.id, '127.66.0.0/29', {
        scanningType: 'auto',
        scanFrequency: 24,
      });
      const created = await me.call('POST', '/scanners', {
        name: 'Stored targets',
        subnets: [subnet.body.id],
      });
      const stored = await me.call('PUT', `/scanners/${created.body.id}/snmp-targets`, {
        targets: [
          {
            host: '127.0.0.1',
            port: snmpd.port4,
            version: '3',
            user: V3_USER.name,
            authProtocol: 'sha256',
            authPassword: V3_USER.authPassword,
            privPassword: V3_USER.privPassword,
          },
        ],
      });
      expect(stored.status).toBe(200);

      const round = await scanner(t.current.baseUrl, created.body.apiKey, false);
      expect(round.status).toBe(EXIT.ok);
      expect(round.stderr).toBe('');
      expect(round.stdout).toContain(
        `SNMP targets from the server: snmp 127.0.0.1:${snmpd.port4} v3 user ipam-reader\n`,
      );
      expect(round.stdout).toMatch(/job finished Subnet 127\.66\.0\.0\/29 .*: 1 alive, 5 dead, .*applied 1/);
      for (const secret of [V3_USER.authPassword, V3_USER.privPassword]) {
        expect(round.stdout).not.toContain(secret);
      }
      const page = await me.call('GET', `/subnets/${subnet.body.id}/addresses?limit=20`);
      expect(page.body.items).toContainEqual(
        expect.objectContaining({ ipAddress: AUTO_HOST.address, status: 'In Use', mac: AUTO_HOST.mac }),
      );
    });
  });
});
