import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { buildTestApp, type TestApp, type TestClient } from '../../test/factories.js';
import {
  seedFirstSchema,
  seedScanner,
  type OldData,
  type OldScanner,
  type OldSubnet,
} from '../../test/first-schema-data.js';
import { allMigrationNames, migrateToLatest, migrateUpTo } from './migrate.js';

/** The first release's migrations end here; the scanner table came the day after. */
const firstSet = '2026-11-22-0003-calculations';
const scannerSet = '2026-11-23-0004-scanners';

/** A subnet's fields as the list answers them, prefix length under one name. */
function subnetFields(subnet: Record<string, unknown>) {
  return {
    id: subnet.id,
    name: subnet.name,
    description: subnet.description,
    vlanId: subnet.vlanId,
    groupId: subnet.groupId,
    version: subnet.version,
    networkIP: subnet.networkIP,
    length: subnet.version === 4 ? subnet.bits : subnet.prefixLength,
    scanningType: subnet.scanningType,
    scanFrequency: subnet.scanFrequency,
    scanNow: subnet.scanNow,
  };
}

/** A written address's fields as the seed wrote them (the list adds discovery fields since). */
function addressFields(item: Record<string, unknown>) {
  const { ipAddress, status, hostname, description, allowScannerUpdate, updatedDate, updatedBy } = item;
  return { ipAddress, status, hostname, description, allowScannerUpdate, updatedDate, updatedBy };
}

const byId = (a: { id: unknown }, b: { id: unknown }) => String(a.id).localeCompare(String(b.id));
const usedOf = (subnet: OldSubnet) => subnet.addresses.filter((a) => a.status !== 'Available').length;

describeEachDialect('upgrading a database of the first release (%s)', (dialect) => {
  let database: TestDatabase;
  let testApp: TestApp;
  let data: OldData;
  let scanner: OldScanner;
  let applied: string[];
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { upTo: firstSet });
    data = await seedFirstSchema(database.db);
    await migrateUpTo(database.db, scannerSet);
    scanner = await seedScanner(database.db, data);
    applied = await migrateToLatest(database.db);
    testApp = await buildTestApp(database);
  }, 120_000);
  afterAll(async () => {
    await testApp?.app.close();
    await database?.destroy();
  });

  const signIn = async (email: string): Promise<TestClient> => {
    const client = testApp.client();
    const response = await client.post('/api/auth/login', { email, password: data.password });
    expect(response.status, `${email} signs in`).toBe(200);
    return client;
  };
  const accountPath = (path: string) => `/api/accounts/${data.accountId}${path}`;

  it('applies every later migration in one run', () => {
    expect(applied).toEqual(allMigrationNames().filter((name) => name > scannerSet));
  });

  it('lets every user sign in and find the account, its holder as owner and the others as editors', async () => {
    for (const [email, role] of [
      [data.owner.email, 'owner'],
      ...data.members.map((member) => [member.email, 'editor']),
    ]) {
      const accounts = await (await signIn(email ?? '')).get('/api/accounts');
      expect(accounts.body.items).toEqual([
        expect.objectContaining({ id: data.accountId, uid: data.owner.id, role, maxnetworks: 50 }),
      ]);
    }
  });

  it('lists the groups and the IPv4 and IPv6 subnets with their values', async () => {
    const owner = await signIn(data.owner.email);
    const groups = (await owner.get(accountPath('/groups'))).body.items;
    expect(
      groups.map((g: { id: string; name: string; parentId: string }) => [g.id, g.name, g.parentId]),
    ).toEqual(
      data.groups
        .map((g) => [g.id, g.name, g.parentId ?? ''])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    const subnets = (await owner.get(accountPath('/subnets'))).body.items;
    expect(subnets.map(subnetFields).sort(byId)).toEqual(
      data.subnets.map(({ addresses: _, ...subnet }) => subnet).sort(byId),
    );
    // Every subnet moved into the account's one VRF, as leaves at the top level.
    expect(new Set(subnets.map((s: { vrfId: string }) => s.vrfId)).size).toBe(1);
    expect(
      subnets.every((s: { kind: string; parentId: null }) => s.kind === 'leaf' && s.parentId === null),
    ).toBe(true);
  });

  it('lists every written address with its values, and the used counts match', async () => {
    const owner = await signIn(data.owner.email);
    let written = 0;
    for (const subnet of data.subnets) {
      const page = (await owner.get(accountPath(`/subnets/${subnet.id}/addresses?limit=1000`))).body;
      const listed = page.items.filter((item: { id: string | null }) => item.id !== null).map(addressFields);
      expect(listed, subnet.name).toEqual(subnet.addresses);
      expect(page.usedCount, subnet.name).toBe(usedOf(subnet));
      written += listed.length;
    }
    expect(written).toBe(data.subnets.reduce((sum, s) => sum + s.addresses.length, 0));
    expect(written).toBeGreaterThan(200);
    const dashboard = (await owner.get(accountPath('/dashboard'))).body;
    for (const version of [4, 6] as const) {
      const ofVersion = data.subnets.filter((s) => s.version === version);
      const count = (status: string) =>
        ofVersion.flatMap((s) => s.addresses).filter((a) => a.status === status).length;
      expect(dashboard.addressTotals).toContainEqual(
        expect.objectContaining({
          version,
          subnets: ofVersion.length,
          inUse: count('In Use'),
          reserved: count('Reserved'),
        }),
      );
    }
  });

  it('keeps the history, the saved calculations and the case-insensitive search', async () => {
    const owner = await signIn(data.owner.email);
    const servers = data.subnets.find((s) => s.id === 's-servers');
    const history = (await owner.get(accountPath('/audit?subnetId=s-servers&limit=500'))).body.items;
    expect(history.map((entry: { entityId: string }) => entry.entityId).sort()).toEqual(
      servers?.addresses.map((a) => a.ipAddress).sort(),
    );
    for (const type of ['ipv4', 'ipv6'] as const) {
      const saved = (await owner.get(accountPath(`/calculations/${type}`))).body.items;
      // Newest first; the stored result as it was saved, through today's response schema.
      expect(
        saved.map((c: { ipAddress: string; calculationResult: unknown }) => [
          c.ipAddress,
          c.calculationResult,
        ]),
      ).toEqual(
        data.calculations
          .filter((c) => c.type === type)
          .map((c) => [c.ipAddress, c.result])
          .reverse(),
      );
    }
    const printers = data.subnets.find((s) => s.name === 'Printers');
    const found = (await owner.get(accountPath(`/search?q=${encodeURIComponent('DRUCKER-BÜRO')}`))).body;
    expect(found.subnets.map((s: { id: string; addressTotal: number }) => [s.id, s.addressTotal])).toEqual([
      [printers?.id, printers?.addresses.filter((a) => a.hostname !== '').length],
    ]);
    // Subnets made before the name keys (migration 0035) are found by name in any case.
    const byName = (await owner.get(accountPath('/search?q=PRINT'))).body;
    expect(byName.subnets).toContainEqual(expect.objectContaining({ id: printers?.id, isSubnetMatch: true }));
  });

  it('keeps the scanner with its subnets, and its key still fetches the due jobs', async () => {
    const owner = await signIn(data.owner.email);
    const scanners = (await owner.get(accountPath('/scanners'))).body.items;
    expect(scanners).toEqual([
      expect.objectContaining({
        id: scanner.id,
        name: scanner.name,
        subnets: [...scanner.subnetIds, scanner.removedSubnetId],
        missingSubnets: [scanner.removedSubnetId],
        keyPrefix: scanner.key.slice(0, 4),
      }),
    ]);
    const jobs = await fetch(`${testApp.baseUrl}/api/scanner/jobs`, {
      headers: { authorization: `Bearer ${scanner.key}` },
    });
    expect(jobs.status).toBe(200);
    const body = (await jobs.json()) as { jobs: { subnetId: string }[] };
    expect(body.jobs.map((job) => job.subnetId).sort()).toEqual([...scanner.subnetIds].sort());
  });

  it('stays usable: edits, a new subnet, a removed empty group; the other tenant stays apart', async () => {
    const owner = await signIn(data.owner.email);
    const editor = await signIn(data.members[0]?.email ?? '');
    const servers = data.subnets.find((s) => s.id === 's-servers');
    const edit = { status: 'In Use', hostname: 'edited.example.net', description: 'after the upgrade' };
    const edited = await editor.put(accountPath(`/subnets/s-servers/addresses/10.1.0.1`), edit);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject(edit);
    const added = await owner.put(accountPath(`/subnets/s-servers/addresses/10.1.0.250`), edit);
    expect(added.status).toBe(200);
    const page = (await owner.get(accountPath('/subnets/s-servers/addresses?limit=1'))).body;
    expect(page.usedCount).toBe((servers ? usedOf(servers) : 0) + 1);

    const created = await owner.post(accountPath('/subnets'), {
      name: 'After upgrade',
      vlanId: 30,
      groupId: 'g-lab',
      networkIP: '10.9.0.0',
      bits: 24,
    });
    expect(created.status).toBe(201);
    expect((await owner.get(accountPath('/subnets'))).body.items).toHaveLength(data.subnets.length + 1);
    expect((await owner.delete(accountPath(`/subnets/${created.body.id}`))).status).toBe(204);
    expect((await owner.delete(accountPath('/groups/g-lab'))).status).toBe(204);

    // The other account's overlapping subnet is its own, and closed to this account's owner.
    const neighbour = await signIn(data.neighbour.email);
    const theirs = (await neighbour.get(`/api/accounts/${data.neighbour.accountId}/subnets`)).body.items;
    expect(theirs.map(subnetFields)).toEqual([
      (({ addresses: _, ...subnet }) => subnet)(data.neighbour.subnet),
    ]);
    expect((await owner.get(`/api/accounts/${data.neighbour.accountId}/subnets`)).status).toBe(404);
  });
});
