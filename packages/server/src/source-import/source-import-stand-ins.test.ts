import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { createAccountContext } from '../../test/ipam-factories.js';
import { awkwardNetboxData } from '../../test/netbox-awkward-data.js';
import { startNetboxStandIn, type NetboxStandIn } from '../../test/netbox-stand-in.js';
import { PHPIPAM_FIXTURES } from '../../test/phpipam-recordings.js';
import { startPhpipamStandIn, type PhpipamStandIn } from '../../test/phpipam-stand-in.js';
import type { ChangeContext } from '../commands/change.js';
import { listGroups } from '../groups/group-repository.js';
import { listSubnets } from '../subnets/subnet-repository.js';
import { listVrfs } from '../vrfs/vrf-repository.js';
import { sourceOf } from './import-sources.js';
import { runSourceImport } from './source-import.js';

const TOKEN = 'TOKEN_PLACEHOLDER';

/** What phpIPAM held, as recorded beside its answers. */
const dataset = JSON.parse(readFileSync(new URL('dataset.json', PHPIPAM_FIXTURES), 'utf8')) as {
  subnets: { cidr: string | null; isFolder: number; addresses: number; vrfId: number | null }[];
};

async function storedAddressCount(t: TestDatabase, accountId: string): Promise<number> {
  const row = await t.db
    .selectFrom('ip_addresses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDialect('import from the phpIPAM and NetBox stand-ins (%s)', (dialect) => {
  let t: TestDatabase;
  let ctx: ChangeContext;
  let phpipam: PhpipamStandIn;
  let netbox: NetboxStandIn;
  beforeAll(async () => {
    phpipam = await startPhpipamStandIn({ token: TOKEN });
    netbox = await startNetboxStandIn({ token: TOKEN, data: awkwardNetboxData() });
  });
  afterAll(async () => {
    await phpipam.close();
    await netbox.close();
  });
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
    ctx = await createAccountContext(t.db, { tier: 4, maxnetworks: 1000 });
    await t.db
      .updateTable('accounts')
      .set({ ipv6_prefix_min: 32, ipv6_prefix_max: 128 })
      .where('id', '=', ctx.account.id)
      .execute();
    ctx = { ...ctx, account: { ...ctx.account, ipv6PrefixMin: 32, ipv6PrefixMax: 128 } };
  });
  afterEach(() => t.destroy());

  const phpipamImport = (isDryRun: boolean, token = TOKEN) => {
    const { source, defaultGroupName } = sourceOf({
      source: 'phpipam',
      url: phpipam.url,
      appId: phpipam.appId,
      token,
      dryRun: isDryRun,
    });
    return runSourceImport(ctx, source, { isDryRun, defaultGroupName });
  };

  it("imports phpIPAM's recorded installation: every subnet, the sections and folders as groups", async () => {
    const preview = await phpipamImport(true);
    expect(await listSubnets(t.db, ctx.account.id)).toEqual([]);
    const report = await phpipamImport(false);
    expect(report.counts.subnet).toEqual(preview.counts.subnet);
    expect(report.counts.address).toEqual(preview.counts.address);

    const subnets = await listSubnets(t.db, ctx.account.id);
    const expected = dataset.subnets.filter((s) => s.isFolder === 0);
    expect(subnets).toHaveLength(expected.length);
    expect(new Set(subnets.map((s) => `${s.networkIP}/${s.prefix.length}`))).toEqual(
      new Set(expected.map((s) => s.cidr)),
    );
    const vrfs = await listVrfs(t.db, ctx.account.id);
    expect(vrfs.map((vrf) => vrf.name).sort()).toEqual(['CUST-A', 'CUST-B', 'Global']);
    // The same 192.168.1.0/24 in both customer VRFs.
    expect(subnets.filter((s) => s.networkIP === '192.168.1.0')).toHaveLength(2);
    const groups = await listGroups(t.db, ctx.account.id);
    const byName = new Map(groups.map((group) => [group.name, group]));
    expect(byName.get('Lab networks')?.parentId).toBe(byName.get('Corporate')?.id);
    expect(report.items.find((item) => item.kind === 'group' && item.object === 'Corporate')?.source).toBe(
      'phpIPAM section 3',
    );
    expect(byName.get('Archive (folder in a folder)')?.parentId ?? byName.get('Archive')?.parentId).toBe(
      byName.get('Lab networks')?.id,
    );
    const kinds = Object.fromEntries(subnets.map((s) => [`${s.networkIP}/${s.prefix.length}`, s.kind]));
    expect(kinds['10.0.0.0/8']).toBe('container');
    expect(kinds['10.1.99.0/24']).toBe('container'); // holds the /28
    expect(kinds['2001:db8:200::/48']).toBe('container'); // too large to hold addresses here
    expect(kinds['10.1.40.0/21']).toBe('leaf');

    // Every address of phpIPAM is imported or skipped with a reason; the skipped ones lie in subnets
    // that hold other subnets here (phpIPAM lets those hold addresses too).
    const total = dataset.subnets.reduce((sum, s) => sum + s.addresses, 0);
    const { imported, skipped } = report.counts.address;
    expect(imported + skipped).toBe(total);
    expect(await storedAddressCount(t, ctx.account.id)).toBe(imported);
    const reasons = report.items.filter((i) => i.kind === 'address' && i.outcome === 'skipped');
    for (const item of reasons) expect(item.reason).toMatch(/which holds subnets|not a host address/);

    const again = await phpipamImport(false);
    expect(again.counts.subnet).toEqual({ imported: 0, updated: 0, unchanged: expected.length, skipped: 0 });
    expect(again.counts.address).toEqual({ imported: 0, updated: 0, unchanged: imported, skipped });
    expect(again.counts.group.imported + again.counts.vrf.imported).toBe(0);
  });

  it('says which source refused the token, and writes nothing', async () => {
    await expect(phpipamImport(false, 'not-a-valid-token')).rejects.toThrow(
      /phpIPAM at .* refused the token \(HTTP 401\)/,
    );
    expect(await listSubnets(t.db, ctx.account.id)).toEqual([]);
  });

  it("imports NetBox's awkward data: nested prefixes without a VRF, IPv6, paging, addresses without a prefix", async () => {
    const { source, defaultGroupName } = sourceOf({
      source: 'netbox',
      url: netbox.url,
      token: TOKEN,
      groupBy: 'tenant',
      dryRun: false,
    });
    const report = await runSourceImport(ctx, source, { isDryRun: false, defaultGroupName });
    const subnets = await listSubnets(t.db, ctx.account.id);
    const kinds = Object.fromEntries(
      subnets.map((s) => [`${s.networkIP}/${s.prefix.length}|${s.vrfId}`, s.kind]),
    );
    const global = (await listVrfs(t.db, ctx.account.id)).find((vrf) => vrf.isDefault);
    expect(kinds[`10.0.2.0/24|${global?.id}`]).toBe('container'); // holds the /26 without being a container in NetBox
    expect(kinds[`10.0.2.64/26|${global?.id}`]).toBe('leaf');
    expect(report.counts.subnet.imported).toBe(9);
    const orphan = report.items.find((item) => item.object === '198.51.100.7');
    expect(orphan?.reason).toBe('It lies outside every subnet of the source in its VRF.');
    expect(report.counts.address.imported + report.counts.address.skipped).toBe(1515);
    const groups = (await listGroups(t.db, ctx.account.id)).map((group) => group.name);
    expect(groups).toEqual(expect.arrayContaining(['Acme', 'Globex']));
    const again = await runSourceImport(ctx, source, { isDryRun: false, defaultGroupName });
    expect(again.counts.address.imported + again.counts.address.updated).toBe(0);
    expect(again.counts.subnet.unchanged).toBe(9);
  });
});
