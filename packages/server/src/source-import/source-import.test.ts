import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { createAccountContext, createSubnetIn } from '../../test/ipam-factories.js';
import type { ChangeContext } from '../commands/change.js';
import { listGroups } from '../groups/group-repository.js';
import { listSubnets } from '../subnets/subnet-repository.js';
import { listVrfs } from '../vrfs/vrf-repository.js';
import { runSourceImport } from './source-import.js';
import type { ImportSource, SourceAddress, SourceStructure, SourceSubnet } from './source-model.js';

const subnet = (key: string, cidr: string, fields: Partial<SourceSubnet> = {}): SourceSubnet => ({
  key,
  vrfKey: null,
  groupKey: 'g1',
  cidr,
  isContainer: false,
  name: `net ${key}`,
  description: '',
  vlan: null,
  scanned: false,
  label: `test subnet ${key}`,
  ...fields,
});

const address = (key: string, ip: string, fields: Partial<SourceAddress> = {}): SourceAddress => ({
  key,
  vrfKey: null,
  ip,
  status: 'In Use',
  hostname: `host-${key}`,
  description: '',
  label: `test address ${key}`,
  ...fields,
});

/** A source of fixed data (what a phpIPAM or NetBox reader would have turned its answers into). */
function fixedSource(structure: SourceStructure, addresses: SourceAddress[]): ImportSource {
  return {
    label: 'Test source',
    readStructure: () => Promise.resolve(structuredClone(structure)),
    async *addresses() {
      for (let i = 0; i < addresses.length; i += 3) yield addresses.slice(i, i + 3);
    },
  };
}

const structure: SourceStructure = {
  vrfs: [{ key: 'v1', label: 'test VRF v1', name: 'CUST-A', rd: '65000:100', description: 'Customer A' }],
  groups: [
    { key: 'g1', label: 'test group g1', name: 'Corporate', description: 'HQ', parentKey: null },
    { key: 'g2', label: 'test group g2', name: 'Lab', description: '', parentKey: 'g1' },
  ],
  subnets: [
    subnet('1', '10.0.0.0/8'),
    subnet('2', '10.1.10.0/24', { vlan: 10, scanned: true }),
    subnet('3', '10.1.20.0/24', { groupKey: 'g2' }),
    subnet('4', '192.168.1.0/24', { vrfKey: 'v1' }),
    subnet('5', '192.168.1.0/24'),
    subnet('6', '2001:db8::/32'),
    subnet('7', '2001:db8:100::/64'),
    subnet('8', '172.16.0.0/24', { groupKey: null }),
  ],
};

const addresses: SourceAddress[] = [
  address('a1', '10.1.10.1'),
  address('a2', '10.1.10.2', { status: 'Reserved' }),
  address('a3', '10.1.20.5'),
  address('a4', '192.168.1.10', { vrfKey: 'v1' }),
  address('a5', '192.168.1.10'),
  address('a6', '2001:db8:100::1'),
  address('a7', '10.9.9.9'), // in the container only
  address('a8', '8.8.8.8'), // outside every subnet
  address('a9', '10.1.10.255'), // the broadcast address
  address('a10', '10.1.10.1', { label: 'test address a10' }), // the same as a1
];

describeEachDialect('import from another IPAM (%s)', (dialect) => {
  let t: TestDatabase;
  let ctx: ChangeContext;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    ctx = await createAccountContext(t.db, { tier: 4, maxnetworks: 1000 });
    // The operator allows this account IPv6 prefixes from /32 (`ipam admin set-tier … --ipv6 32-128`).
    await t.db
      .updateTable('accounts')
      .set({ ipv6_prefix_min: 32, ipv6_prefix_max: 128 })
      .where('id', '=', ctx.account.id)
      .execute();
    ctx = { ...ctx, account: { ...ctx.account, ipv6PrefixMin: 32, ipv6PrefixMax: 128 } };
  });
  afterEach(() => t.destroy());

  const run = (isDryRun: boolean, source = fixedSource(structure, addresses)) =>
    runSourceImport(ctx, source, { isDryRun, defaultGroupName: 'Imported' });

  it('previews without writing anything', async () => {
    const report = await run(true);
    expect(report.dryRun).toBe(true);
    expect(report.counts.subnet).toEqual({ imported: 8, updated: 0, unchanged: 0, skipped: 0 });
    expect(report.counts.vrf.imported).toBe(1);
    expect(report.counts.group.imported).toBe(3); // Corporate, Lab and the default group
    expect(report.counts.address).toEqual({ imported: 6, updated: 0, unchanged: 0, skipped: 4 });
    expect(await listSubnets(t.db, ctx.account.id)).toEqual([]);
    expect((await listVrfs(t.db, ctx.account.id)).map((vrf) => vrf.name)).toEqual(['Global']);
    const reasons = Object.fromEntries(
      report.items
        .filter((item) => item.kind === 'address' && item.outcome === 'skipped')
        .map((i) => [i.source, i.reason]),
    );
    expect(reasons['test address a7']).toMatch(/10\.0\.0\.0\/8, which holds subnets/);
    expect(reasons['test address a8']).toBe('It lies outside every subnet of the source in its VRF.');
    expect(reasons['test address a9']).toMatch(/broadcast/i);
    expect(reasons['test address a10']).toBe('It is the same address, in the same VRF, as test address a1.');
  });

  it('imports the hierarchy, then a second run changes nothing', async () => {
    const first = await run(false);
    expect(first.counts.subnet.imported).toBe(8);
    expect(first.counts.address.imported).toBe(6);
    const stored = await listSubnets(t.db, ctx.account.id);
    const byCidr = new Map(stored.map((s) => [`${s.networkIP}/${s.prefix.length}|${s.vrfId}`, s]));
    const vrfs = await listVrfs(t.db, ctx.account.id);
    const custA = vrfs.find((vrf) => vrf.name === 'CUST-A');
    const global = vrfs.find((vrf) => vrf.isDefault);
    expect(custA?.rd).toBe('65000:100');
    const container = byCidr.get(`10.0.0.0/8|${global?.id}`);
    expect(container?.kind).toBe('container');
    expect(byCidr.get(`10.1.10.0/24|${global?.id}`)).toMatchObject({
      kind: 'leaf',
      parentId: container?.id,
      vlanId: 10,
      scanningType: 'approval',
      scanFrequency: 24,
    });
    expect(byCidr.get(`192.168.1.0/24|${custA?.id}`)?.kind).toBe('leaf');
    expect(byCidr.get(`2001:db8::/32|${global?.id}`)?.kind).toBe('container');
    const groups = await listGroups(t.db, ctx.account.id);
    const corporate = groups.find((group) => group.name === 'Corporate');
    expect(groups.find((group) => group.name === 'Lab')?.parentId).toBe(corporate?.id);
    expect(byCidr.get(`172.16.0.0/24|${global?.id}`)?.groupId).toBe(
      groups.find((group) => group.name === 'Imported')?.id,
    );

    const second = await run(false);
    for (const kind of ['vrf', 'group', 'subnet'] as const) {
      expect(second.counts[kind].imported + second.counts[kind].updated).toBe(0);
    }
    expect(second.counts.subnet.unchanged).toBe(8);
    expect(second.counts.address).toEqual({ imported: 0, updated: 0, unchanged: 6, skipped: 4 });
    expect(await listSubnets(t.db, ctx.account.id)).toHaveLength(8);
  });

  it('reports an overlap with what the account holds, skips it and what lies in it', async () => {
    await createSubnetIn(ctx, '10.1.0.0/16'); // a leaf where the source has a container's children
    const report = await run(false);
    const skipped = report.items.filter((item) => item.kind === 'subnet' && item.outcome === 'skipped');
    expect(skipped.map((item) => item.object).sort()).toEqual(['10.1.10.0/24', '10.1.20.0/24']);
    expect(skipped[0]?.reason).toMatch(/10\.1\.0\.0\/16/);
    const a1 = report.items.find((item) => item.source === 'test address a1');
    expect(a1?.reason).toBe('Its subnet 10.1.10.0/24 is not imported.');
    // Nothing of the refused subnets is half-written.
    const stored = await listSubnets(t.db, ctx.account.id);
    expect(stored.map((s) => `${s.networkIP}/${s.prefix.length}`)).not.toContain('10.1.10.0/24');
    expect(stored).toHaveLength(1 + 6); // the account's /16 (now inside the imported /8) and 6 of 8
  });

  it('updates what changed in the source since the last import', async () => {
    await run(false);
    const changed = structuredClone(structure);
    changed.subnets[1] = { ...changed.subnets[1]!, name: 'Servers', vlan: 20 };
    const moved = addresses.map((a) => (a.key === 'a1' ? { ...a, status: 'Reserved' as const } : a));
    const report = await run(false, fixedSource(changed, moved));
    expect(report.counts.subnet.updated).toBe(1);
    expect(report.items.find((item) => item.kind === 'subnet')?.reason).toBe('Changes: name, VLAN.');
    expect(report.counts.address.updated).toBe(1);
    expect(report.items.find((item) => item.source === 'test address a1')?.reason).toBe(
      'Changes: status In Use → Reserved.',
    );
  });

  it('skips prefix lengths the tier does not allow, with the reason', async () => {
    await t.db.updateTable('accounts').set({ tier: 0 }).where('id', '=', ctx.account.id).execute();
    ctx = { ...ctx, account: { ...ctx.account, tier: 0 } };
    const report = await run(true);
    const v6 = report.items.filter((item) => item.object.startsWith('2001:db8'));
    expect(v6.length).toBeGreaterThan(0);
    for (const item of v6) expect(item.outcome).toBe('skipped');
    expect(v6.find((item) => item.kind === 'subnet')?.reason).toMatch(/IPv6/);
  });

  it('skips an address whose hostname is no DNS name, naming the rule, and imports the rest', async () => {
    const named = [
      address('h1', '10.1.10.1', { hostname: 'printer 2nd floor' }),
      address('h2', '10.1.10.2', { hostname: 'web-2.example.' }),
      address('h3', '10.1.10.3', { hostname: '-edge' }),
      address('h4', '10.1.10.4', { hostname: 'DC_01.corp.example' }),
    ];
    const report = await run(false, fixedSource(structure, named));
    expect(report.counts.address).toEqual({ imported: 2, updated: 0, unchanged: 0, skipped: 2 });
    const reasonOf = (key: string) =>
      report.items.find((item) => item.source === `test address ${key}`)?.reason;
    expect(reasonOf('h1')).toBe(
      'Hostname may contain only letters, digits, hyphens, underscores and dots, not a space.',
    );
    expect(reasonOf('h3')).toBe(
      'A part of a hostname between dots must not start or end with a hyphen ("-edge").',
    );
    const stored = await t.db
      .selectFrom('ip_addresses')
      .select(['ip_address', 'hostname'])
      .where('account_id', '=', ctx.account.id)
      .orderBy('sort_key')
      .execute();
    expect(stored).toEqual([
      { ip_address: '10.1.10.2', hostname: 'web-2.example' },
      { ip_address: '10.1.10.4', hostname: 'DC_01.corp.example' },
    ]);
  });
});
