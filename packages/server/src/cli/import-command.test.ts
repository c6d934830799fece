import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureServerBuilt, repoRoot, runIpam, serverEnv } from '../../test/built-server.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { createUser } from '../../test/factories.js';
import { generatePhpipamData, type GeneratedPhpipamData } from '../../test/phpipam-generated-data.js';
import { startPhpipamStandIn, type PhpipamStandIn } from '../../test/phpipam-stand-in.js';
import { parseImportArgs } from './import-command.js';

const TOKEN = 'cli-test-token-0123456789';

/** A loopback port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('ipam import arguments', () => {
  const env = {};
  it('reads a phpIPAM import, the report file named by source and time', () => {
    const parsed = parseImportArgs(
      ['phpipam', '--url', 'http://127.0.0.1:9/', '--app', 'importer', '--token', 't', '--dry-run'],
      env,
      new Date('2026-11-27T10:11:12Z'),
    );
    expect(parsed).toEqual({
      request: { source: 'phpipam', url: 'http://127.0.0.1:9/', appId: 'importer', token: 't', dryRun: true },
      account: null,
      reportFile: 'ipam-import-phpipam-20261127-101112.md',
    });
  });

  it('takes the token from IPAM_IMPORT_TOKEN, so it stays out of the process list', () => {
    const parsed = parseImportArgs(['netbox', '--url', 'https://nb.example'], { IPAM_IMPORT_TOKEN: 'abc' });
    expect(parsed).toMatchObject({
      request: { source: 'netbox', token: 'abc', groupBy: 'tenant', dryRun: false },
    });
  });

  it('names the option that is wrong', () => {
    expect(parseImportArgs(['netbox', '--url', 'ftp://x', '--token', 't'], env)).toEqual({
      problem: '--url: Enter the http:// or https:// URL of the source.',
    });
    expect(parseImportArgs(['phpipam', '--url', 'http://x', '--token', 't'], env)).toEqual({
      problem: '--app: Enter the API app id.',
    });
    expect(
      parseImportArgs(['netbox', '--url', 'http://x', '--token', 't', '--group-by', 'rack'], env),
    ).toMatchObject({
      problem: expect.stringMatching(/^--group-by: /),
    });
    expect(parseImportArgs(['infoblox'], env)).toEqual({ problem: 'name the source: phpipam or netbox' });
    expect(parseImportArgs(['netbox', '--colour'], env)).toEqual({ problem: 'unknown option --colour' });
  });
});

describeEachDialect('ipam import, the command (%s)', (dialect) => {
  let t: TestDatabase;
  let standIn: PhpipamStandIn;
  let data: GeneratedPhpipamData;
  let accountId: string;
  beforeAll(async () => {
    expect(ensureServerBuilt()).toBe(true);
    data = generatePhpipamData({ subnets: 400, addressesPerSubnet: 60 });
    standIn = await startPhpipamStandIn({ token: TOKEN, data });
  }, 180_000);
  afterAll(() => standIn.close());
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    accountId = (await createUser(t.db)).accountId;
    await t.db
      .updateTable('accounts')
      .set({ tier: 4, maxnetworks: 100_000, ipv6_prefix_min: 32, ipv6_prefix_max: 128 })
      .where('id', '=', accountId)
      .execute();
  });
  afterEach(() => t.destroy());

  const env = () =>
    serverEnv(t.target.kind === 'sqlite' ? { IPAM_DATA_DIR: t.dataDir } : { DATABASE_URL: t.target.url });
  const args = (token = TOKEN) => [
    'import',
    'phpipam',
    '--url',
    standIn.url,
    '--app',
    standIn.appId,
    '--token',
    token,
    '--report',
    join(t.dataDir, 'report.json'),
  ];
  const counts = async () => {
    const subnets = await t.db
      .selectFrom('subnets')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const addresses = await t.db
      .selectFrom('ip_addresses')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return { subnets: Number(subnets.n), addresses: Number(addresses.n) };
  };

  it('killed half-way (kill -9), a second run finishes it to the same end, and a third changes nothing', async () => {
    const child = spawn(process.execPath, [join(repoRoot, 'packages/server/bin/ipam.js'), ...args()], {
      cwd: repoRoot,
      env: env(),
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Kill it once some addresses are in (the subnets are all written by then).
    const deadline = Date.now() + 120_000;
    while ((await counts()).addresses < 2000 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await exited;
    const halfWay = await counts();
    expect(halfWay.addresses).toBeGreaterThan(0);
    expect(halfWay.addresses).toBeLessThan(data.expected.addresses);

    const second = await runIpam(args(), env(), 180_000);
    expect(second.stderr).not.toContain('ipam import:');
    expect(second.status).toBe(0);
    const report = JSON.parse(readFileSync(join(t.dataDir, 'report.json'), 'utf8')) as {
      counts: Record<string, Record<string, number>>;
    };
    expect(report.counts.address?.unchanged).toBeGreaterThanOrEqual(halfWay.addresses - 2000);
    const end = await counts();
    expect(end.subnets).toBe(data.expected.subnets);
    const { imported = 0, unchanged = 0 } = report.counts.address ?? {};
    expect(end.addresses).toBe(imported + unchanged);

    const third = await runIpam(args(), env(), 180_000);
    expect(third.status).toBe(0);
    expect(third.stdout).toContain('Nothing to change: the account already holds what the source holds.');
    expect(await counts()).toEqual(end);
  }, 300_000);

  it('a wrong token: phpIPAM named, the token nowhere in the output, nothing written', async () => {
    const run = await runIpam(args('wrong-token-abcdef'), env(), 60_000);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /ipam import: phpIPAM at http:\/\/127\.0\.0\.1:\d+\/api\/importer\/ refused the token \(HTTP 401\)/,
    );
    expect(run.stdout + run.stderr).not.toContain('wrong-token-abcdef');
    expect(await counts()).toEqual({ subnets: 0, addresses: 0 });
  }, 60_000);

  it('an unreachable URL is named', async () => {
    const port = await closedPort();
    const run = await runIpam(
      ['import', 'netbox', '--url', `http://127.0.0.1:${port}/`, '--token', TOKEN, '--account', accountId],
      env(),
      60_000,
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `ipam import: Could not reach NetBox at http://127.0.0.1:${port}/api/: connection refused.`,
    );
  }, 60_000);
});
