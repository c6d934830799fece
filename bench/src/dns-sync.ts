/**
 * DNS sync latency (issue 32): address hostname changes at 1,000 a minute through the HTTP API, each
 * followed until a DNS query to the server answers the new address; p50/p95/max per provider.
 * Run: `node --conditions=source --import tsx bench/src/dns-sync.ts` (about 1 minute per provider;
 * IPAM_BENCH_SECONDS to change the length).
 */
import { Resolver } from 'node:dns/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from '@ipam/server/db/migrate';
import { openDatabase, type DatabaseTarget } from '@ipam/server/db/database';
import { startBind, startPowerDns } from '../../packages/server/test/dns-servers.js';
import { buildBenchApp } from './bench-server.js';
import { machineLine, percentile } from './bench-utils.js';

const SECONDS = Number(process.env.IPAM_BENCH_SECONDS ?? 60);
const PER_MINUTE = 1000;
const ZONE = 'bench.test';

async function visible(
  resolver: Resolver,
  name: string,
  address: string,
  deadline: number,
): Promise<boolean> {
  while (Date.now() < deadline) {
    const answer = await resolver.resolve4(name).catch(() => [] as string[]);
    if (answer.includes(address)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

async function main(): Promise<void> {
  const [pdns, bind] = await Promise.all([startPowerDns(), startBind([ZONE, '0.10.in-addr.arpa'])]);
  await pdns.createZone(ZONE);
  await pdns.createZone('0.10.in-addr.arpa');
  const target: DatabaseTarget = {
    kind: 'sqlite',
    file: join(mkdtempSync(join(tmpdir(), 'ipam-bench-dns-')), 'ipam.sqlite'),
  };
  const migrating = openDatabase(target);
  await migrateToLatest(migrating);
  await migrating.destroy();
  const app = await buildBenchApp(target);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  let cookie = '';
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const session = response.headers.getSetCookie().find((line) => line.startsWith('ipam_session='));
    if (session) cookie = session.split(';')[0] ?? '';
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
  };
  const signedUp = await request('POST', '/api/auth/signup', {
    email: 'bench@example.com',
    password: 'correct horse battery',
  });
  const { accounts } = signedUp.body as { accounts: { id: string }[] };
  const accountId = accounts[0]?.id ?? '';
  const call = (method: string, path: string, body?: unknown) =>
    request(method, `/api/accounts/${accountId}${path}`, body);
  const group = (await call('POST', '/groups', { name: 'Bench', parentId: null })).body as { id: string };
  const providers = [
    {
      label: 'PowerDNS HTTP API',
      port: pdns.dnsPort,
      body: { name: 'pdns', kind: 'powerdns', endpoint: pdns.apiUrl, secret: pdns.apiKey },
    },
    {
      label: 'BIND, RFC 2136 + TSIG',
      port: bind.port,
      body: {
        name: 'bind',
        kind: 'rfc2136',
        endpoint: `127.0.0.1:${bind.port}`,
        tsigKeyName: bind.keyName,
        tsigAlgorithm: 'hmac-sha256',
        secret: bind.secret,
      },
    },
  ];
  const rows: string[] = [];
  for (const [index, provider] of providers.entries()) {
    const subnet = (
      await call('POST', '/subnets', {
        name: `S${index}`,
        vlanId: 1,
        groupId: group.id,
        networkIP: `10.0.${index}.0`,
        bits: 24,
      })
    ).body as { id: string };
    const created = (await call('POST', '/dns/providers', provider.body)).body as { id: string };
    await call('PUT', `/dns/subnets/${subnet.id}`, {
      providerId: created.id,
      forwardZone: ZONE,
      reverseZone: '0.10.in-addr.arpa',
    });
    const resolver = new Resolver({ timeout: 1000, tries: 1 });
    resolver.setServers([`127.0.0.1:${provider.port}`]);
    const latencies: number[] = [];
    let missed = 0;
    const pending: Promise<void>[] = [];
    const count = Math.round((SECONDS * PER_MINUTE) / 60);
    const start = Date.now();
    for (let i = 0; i < count; i++) {
      const due = start + (i * 60_000) / PER_MINUTE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      const ip = `10.0.${index}.${1 + (i % 250)}`;
      const name = `h${i}-${index}`;
      pending.push(
        (async () => {
          const response = await call('PUT', `/subnets/${subnet.id}/addresses/${ip}`, {
            status: 'In Use',
            hostname: name,
            description: '',
            allowScannerUpdate: true,
          });
          if (response.status !== 200) throw new Error(`change refused: ${response.status}`);
          const committed = Date.now();
          if (await visible(resolver, `${name}.${ZONE}`, ip, committed + 30_000))
            latencies.push(Date.now() - committed);
          else missed++;
        })(),
      );
    }
    await Promise.all(pending);
    const rate = (count / ((Date.now() - start) / 60_000)).toFixed(0);
    rows.push(
      `| ${provider.label} | ${count} | ${rate}/min | ${percentile(latencies, 0.5).toFixed(0)} | ${percentile(latencies, 0.95).toFixed(0)} | ${Math.max(...latencies).toFixed(0)} | ${missed} |`,
    );
  }
  console.log(`Machine: ${machineLine()}\n`);
  console.log('| provider | changes | offered rate | p50 ms | p95 ms | max ms | not visible in 30 s |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  await app.close();
  await Promise.all([pdns.stop(), bind.stop()]);
}

await main();
