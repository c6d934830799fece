import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { updateTierAndLimits } from '../accounts/account-repository.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { injectAs, tierOnePerson, type TierOnePerson } from '../../test/ipam-factories.js';
import { rowsOfWorkbook, sendAs, XLSX } from '../../test/table-file-factories.js';
import type { TestApp } from '../../test/factories.js';

// Issue 30 added the last two columns: the subnet's VRF (by name) and its kind.
const HEADER = 'name,networkIP,prefix,vlanId,description,group,scanningType,scanFrequency,vrf,kind';

async function groupOf(t: TestApp, who: TierOnePerson, name: string, parentId: string | null = null) {
  const created = await injectAs(t, who, 'POST', '/groups', { name, parentId });
  if (created.status !== 201) throw new Error(`group not created: ${JSON.stringify(created.body)}`);
  return created.body as { id: string; name: string };
}

async function subnetCount(t: TestApp, accountId: string): Promise<number> {
  const row = await t.db
    .selectFrom('subnets')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`subnet import and export (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('reports creates, updates and every error kind, writes nothing on a dry run or with errors', async () => {
      const me = await tierOnePerson(t.current);
      await updateTierAndLimits(t.current.db, me.accountId, { tier: 1, maxusers: 5, maxnetworks: 5 });
      const core = await groupOf(t.current, me, 'Core');
      const edge = await groupOf(t.current, me, 'Edge');
      const existing = await injectAs(t.current, me, 'POST', '/subnets', {
        name: 'Servers',
        vlanId: 10,
        groupId: core.id,
        networkIP: '10.0.0.0',
        bits: 24,
      });
      expect(existing.status).toBe(201);
      const mgmt = { name: 'Mgmt', vlanId: 2, groupId: core.id, networkIP: '10.10.0.0', bits: 24 };
      expect((await injectAs(t.current, me, 'POST', '/subnets', mgmt)).status).toBe(201);
      const file = [
        'name,networkIP,prefix,vlanId,group',
        'Servers,10.0.0.0,24,10,', // unchanged (empty group: the import's group, Core)
        'Servers renamed,10.0.0.0,24,10,Core', // the same subnet again: overlaps row 2
        'Clients,10.1.0.0,24,20,Edge', // create in Edge
        'Inside,10.10.0.128,25,1,', // overlaps Mgmt
        'Wide,10.2.0.0,16,,', // create, default VLAN
        'Nested,10.2.3.0,24,,', // overlaps row 6
        'Too big,10.3.0.0,7,,', // not in the tier's range
        'Bad,10.4.0.0,33,,', // invalid prefix
        ',10.5.0.0,24,,', // name missing
        'Lost,10.6.0.0,24,,Nowhere', // unknown group
        'Six,2001:db8::,120,,', // create (IPv6 on tier 1)
        'Over,10.7.0.0,24,,', // over the limit of 5
      ].join('\n');
      const path = `/groups/${core.id}/subnets/import`;
      const dry = await sendAs(t.current, me, 'POST', `${path}?dryRun=true`, {
        body: file,
        type: 'text/csv',
      });
      expect(dry.status).toBe(200);
      const reasons = Object.fromEntries(
        dry.body.rows.map((row: { row: number; outcome: string; reason?: string }) => [
          row.row,
          row.reason ?? row.outcome,
        ]),
      );
      expect(reasons).toEqual({
        2: 'unchanged',
        3: messages.importSubnetOverlapsRow(2),
        4: 'create',
        5: messages.subnetOverlaps('Mgmt', '10.10.0.0/24'),
        6: 'create',
        7: messages.importSubnetOverlapsRow(6),
        8: expect.any(String),
        9: messages.ipv4CidrRange,
        10: messages.subnetNameRequired,
        11: messages.groupNotFound,
        12: 'create',
        13: messages.subnetLimitReached(5),
      });
      expect(dry.body.counts).toEqual({ create: 3, update: 0, unchanged: 1, error: 8 });
      const applied = await sendAs(t.current, me, 'POST', `${path}?dryRun=false`, {
        body: file,
        type: 'text/csv',
      });
      expect(applied.status).toBe(422);
      expect(await subnetCount(t.current, me.accountId)).toBe(2);

      const clean = [
        'name,networkIP,prefix,vlanId,description,group,scanningType,scanFrequency',
        'Servers,10.0.0.0,24,11,moved,Edge,approval,12',
        'Clients,10.1.0.0,24,20,,Edge,,',
        'Six,2001:db8::,120,,,,,',
      ].join('\n');
      const done = await sendAs(t.current, me, 'POST', `${path}?dryRun=false`, {
        body: clean,
        type: 'text/csv',
      });
      expect(done.status).toBe(200);
      expect(done.body.counts).toEqual({ create: 2, update: 1, unchanged: 0, error: 0 });
      const list = await injectAs(t.current, me, 'GET', '/subnets');
      const byName = Object.fromEntries(list.body.items.map((s: { name: string }) => [s.name, s] as const));
      expect(byName.Servers).toMatchObject({
        vlanId: 11,
        description: 'moved',
        groupId: edge.id,
        scanFrequency: 12,
      });
      expect(byName.Clients).toMatchObject({ groupId: edge.id, scanningType: 'none' });
      expect(byName.Six).toMatchObject({ groupId: core.id, vlanId: 1, networkIP: '2001:db8::' });
      const audits = await t.current.db
        .selectFrom('audit_log')
        .select(['action', 'entity', 'entity_id'])
        .where('account_id', '=', me.accountId)
        .where('action', '=', 'import')
        .execute();
      expect(audits).toEqual([{ action: 'import', entity: 'subnet', entity_id: core.id }]);
    });

    it("refuses another account's group, a header without required columns, and a free account's IPv6", async () => {
      const me = await tierOnePerson(t.current);
      const other = await tierOnePerson(t.current);
      const theirs = await groupOf(t.current, other, 'Theirs');
      const body = `${HEADER}\nA,10.0.0.0,24,1,,,none,\n`;
      const refused = await sendAs(
        t.current,
        me,
        'POST',
        `/groups/${theirs.id}/subnets/import?dryRun=false`,
        {
          body,
          type: 'text/csv',
        },
      );
      expect(refused.status).toBe(404);
      expect(await subnetCount(t.current, other.accountId)).toBe(0);
      const mine = await groupOf(t.current, me, 'Mine');
      const header = await sendAs(t.current, me, 'POST', `/groups/${mine.id}/subnets/import`, {
        body: 'name,prefix\nA,24\n',
        type: 'text/csv',
      });
      expect(header.body.rows).toEqual([
        { row: 1, key: '', outcome: 'error', reason: messages.importColumnMissing('networkIP') },
      ]);
      await updateTierAndLimits(t.current.db, me.accountId, { tier: 0, maxusers: 2, maxnetworks: 2 });
      const free = await sendAs(t.current, me, 'POST', `/groups/${mine.id}/subnets/import`, {
        body: 'name,networkIP,prefix\nSix,2001:db8::,120\n',
        type: 'text/csv',
      });
      expect(free.body.rows[0]).toMatchObject({ outcome: 'error', reason: messages.ipv6NotInTier });
    });

    for (const format of ['csv', 'xlsx'] as const) {
      it(`round-trips the account's subnets through ${format} into an empty account`, async () => {
        const me = await tierOnePerson(t.current);
        const core = await groupOf(t.current, me, 'Core');
        await groupOf(t.current, me, 'Edge', core.id);
        const edgeId = (await injectAs(t.current, me, 'GET', '/groups')).body.items.find(
          (g: { name: string }) => g.name === 'Edge',
        ).id;
        const fields = [
          {
            name: '=Evil',
            networkIP: '10.0.0.0',
            bits: 24,
            vlanId: 5,
            description: '-dash, "q"',
            groupId: core.id,
          },
          {
            name: 'Scan',
            networkIP: '10.9.0.0',
            bits: 16,
            vlanId: 4094,
            description: '',
            groupId: edgeId,
            scanningType: 'auto',
            scanFrequency: 6,
          },
          { name: 'V6', networkIP: '2001:db8:1::', prefixLength: 112, vlanId: 1, groupId: edgeId },
        ];
        for (const body of fields)
          expect((await injectAs(t.current, me, 'POST', '/subnets', body)).status).toBe(201);
        const first = await sendAs(t.current, me, 'GET', `/subnets/export?format=${format}`);
        expect(first.status).toBe(200);
        expect(first.headers['content-disposition']).toContain(`ipam_subnets.${format}`);
        if (format === 'csv') {
          const text = first.bytes.toString('utf8');
          expect(text.split('\r\n')[0]).toBe(HEADER);
          expect(text).toContain(`'=Evil,10.0.0.0,24,5,"'-dash, ""q""",Core,none,`);
        } else {
          expect((await rowsOfWorkbook(first.bytes))[1]).toEqual([
            '=Evil',
            '10.0.0.0',
            24,
            5,
            '-dash, "q"',
            'Core',
            'none',
            undefined,
            'Global',
            'leaf',
          ]);
        }

        const other = await tierOnePerson(t.current);
        const target = await groupOf(t.current, other, 'Core');
        await groupOf(t.current, other, 'Edge', target.id);
        const imported = await sendAs(
          t.current,
          other,
          'POST',
          `/groups/${target.id}/subnets/import?dryRun=false`,
          {
            body: first.bytes,
            type: format === 'csv' ? 'text/csv' : XLSX,
          },
        );
        expect(imported.status).toBe(200);
        expect(imported.body.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
        const second = await sendAs(t.current, other, 'GET', `/subnets/export?format=${format}`);
        if (format === 'csv') expect(second.bytes.toString('utf8')).toBe(first.bytes.toString('utf8'));
        else expect(await rowsOfWorkbook(second.bytes)).toEqual(await rowsOfWorkbook(first.bytes));
        // Importing the same file again changes nothing.
        const again = await sendAs(
          t.current,
          other,
          'POST',
          `/groups/${target.id}/subnets/import?dryRun=false`,
          {
            body: second.bytes,
            type: format === 'csv' ? 'text/csv' : XLSX,
          },
        );
        expect(again.body.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
      });
    }

    it('carries VRFs and the hierarchy through a file into another account (issue 30)', async () => {
      const me = await tierOnePerson(t.current);
      const core = await groupOf(t.current, me, 'Core');
      const lab = await injectAs(t.current, me, 'POST', '/vrfs', { name: 'Lab' });
      const subnet = (name: string, networkIP: string, bits: number, extra: Record<string, unknown> = {}) =>
        injectAs(t.current, me, 'POST', '/subnets', {
          name,
          networkIP,
          bits,
          vlanId: 1,
          groupId: core.id,
          ...extra,
        });
      // Children made before their container, so the file's name order puts children first too.
      expect((await subnet('A leaf', '10.0.1.0', 24)).status).toBe(201);
      expect((await subnet('B site', '10.0.0.0', 16, { kind: 'container' })).status).toBe(201);
      expect((await subnet('C lab leaf', '10.0.1.0', 24, { vrfId: lab.body.id })).status).toBe(201);
      const file = await sendAs(t.current, me, 'GET', '/subnets/export?format=csv');
      const text = file.bytes.toString('utf8');
      expect(text).toContain('A leaf,10.0.1.0,24,1,,Core,none,,Global,leaf');
      expect(text).toContain('B site,10.0.0.0,16,1,,Core,none,,Global,container');
      expect(text).toContain('C lab leaf,10.0.1.0,24,1,,Core,none,,Lab,leaf');

      const other = await tierOnePerson(t.current);
      const target = await groupOf(t.current, other, 'Core');
      const path = `/groups/${target.id}/subnets/import?dryRun=false`;
      const imported = await sendAs(t.current, other, 'POST', path, { body: file.bytes, type: 'text/csv' });
      expect(imported.body.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
      const items = (await injectAs(t.current, other, 'GET', '/subnets')).body.items as {
        id: string;
        name: string;
        parentId: string | null;
        vrfId: string;
      }[];
      const byName = Object.fromEntries(items.map((item) => [item.name, item]));
      expect(byName['A leaf']?.parentId).toBe(byName['B site']?.id);
      expect(byName['C lab leaf']?.parentId).toBeNull();
      const vrfs = (await injectAs(t.current, other, 'GET', '/vrfs')).body.items as {
        id: string;
        name: string;
      }[];
      expect(vrfs.map((vrf) => vrf.name)).toEqual(['Global', 'Lab']);
      expect(byName['C lab leaf']?.vrfId).toBe(vrfs[1]?.id);
      const second = await sendAs(t.current, other, 'GET', '/subnets/export?format=csv');
      expect(second.bytes.toString('utf8')).toBe(text);
    });
  });
}
