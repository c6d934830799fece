import { changeAuthor, changeSummary, fieldChanges } from '@ipam/core/audit/describe-audit';
import { AUDIT_ENTITIES } from '@ipam/core/audit/audit-table';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import {
  accountSession,
  contextOf,
  createAccountContext,
  postGroup,
  postSubnet,
} from '../../test/ipam-factories.js';
import { runSourceImport } from '../source-import/source-import.js';
import type { ImportSource, SourceStructure } from '../source-import/source-model.js';
import { scannerFor } from '../../test/scan-factories.js';
import { auditPage, withNames } from './audit-log.js';

interface Item {
  action: string;
  entity: string;
  entityId: string;
  subnetId: string | null;
  before: unknown;
  after: unknown;
  names: Record<string, string>;
}

/** How History shows an entry (core's table, names from the server, a fixed locale). */
const shown = (item: Item) => {
  const ctx = { names: item.names, locale: 'en-GB', timeZone: 'UTC' };
  return {
    summary: changeSummary(item, ctx),
    fields: fieldChanges(item, ctx).map((c) => `${c.label}: ${c.before ?? ''} → ${c.after ?? ''}`),
  };
};

describeEachDialect('audit entries name what they refer to by id (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('answers the current names of groups, VRFs, subnets and scanners; a removed one is absent', async () => {
    const me = await accountSession(t.current, { tier: 1 });
    const office = await postGroup(me, 'Office');
    const lab = await postGroup(me, 'Lab');
    const blue = (await me.call('POST', '/vrfs', { name: 'Blue', rd: null, description: '' })).body;
    const subnet = (await postSubnet(me, office.id, '10.7.0.0/24', { name: 'LAN', vrfId: blue.id })).body;
    expect((await me.call('PATCH', `/subnets/${subnet.id}`, { groupId: lab.id })).status).toBe(200);
    expect((await me.call('DELETE', `/groups/${office.id}`)).status).toBe(204);
    await scannerFor(await contextOf(t.current.db, me), [subnet.id]);

    const items = (await me.call('GET', '/audit')).body.items as Item[];
    const [scanner, , move, create] = items;
    expect(move?.names).toEqual({ [subnet.id]: 'LAN', [lab.id]: 'Lab', [blue.id]: 'Blue' });
    expect(shown(move as Item)).toEqual({
      summary: 'Subnet LAN (10.7.0.0/24) changed',
      fields: ['Group: a removed group → Lab'],
    });
    expect(shown(create as Item)).toEqual({
      summary: 'Subnet LAN (10.7.0.0/24) created',
      fields: ['VLAN:  → 10', 'Group:  → a removed group', 'VRF:  → Blue'],
    });
    expect(shown(scanner as Item)).toMatchObject({ summary: 'Scanner Test scanner created' });
    expect(shown(scanner as Item).fields).toContain('Subnets:  → LAN');
    const dashboard = (await me.call('GET', '/dashboard')).body;
    expect(dashboard.latestChanges[2].names).toEqual(move?.names);
  });

  it("never names another account's objects", async () => {
    const me = await accountSession(t.current, { tier: 1 });
    const outsider = await accountSession(t.current, { tier: 1 });
    const theirs = await postGroup(outsider, 'Secret plans');
    const mine = await postGroup(me, 'Mine');
    const entry = {
      id: 'e1',
      at: '2026-12-01T00:00:00.000000Z',
      userId: me.userId,
      userEmail: me.email,
      actor: null,
      action: 'update',
      entity: 'group',
      entityId: mine.id,
      subnetId: null,
      before: { parentId: '' },
      after: { parentId: theirs.id },
    };
    const [named] = await withNames(t.current.db, me.accountId, [entry]);
    expect(named?.names).toEqual({ [mine.id]: 'Mine' });
  });
});

describeEachDialect('what an import from phpIPAM or NetBox wrote, as History reads it (%s)', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
  });
  afterEach(() => t.destroy());

  it('names the program, the objects it made, their groups and where addresses went', async () => {
    const userCtx = await createAccountContext(t.db, { tier: 1 });
    // As `ipam import phpipam` runs it: no user, the program named.
    const ctx = { ...userCtx, userId: null, actor: 'import from phpIPAM' };
    const structure: SourceStructure = {
      vrfs: [{ key: 'v1', label: 'phpIPAM VRF 1', name: 'CUST-A', rd: '65000:100', description: '' }],
      groups: [
        { key: 'g1', label: 'phpIPAM section 1', name: 'Corporate', description: 'HQ', parentKey: null },
        { key: 'g2', label: 'phpIPAM section 2', name: 'Lab', description: '', parentKey: 'g1' },
      ],
      subnets: [
        {
          key: '1',
          vrfKey: 'v1',
          groupKey: 'g2',
          cidr: '10.1.10.0/24',
          isContainer: false,
          name: 'Servers',
          description: '',
          vlan: 10,
          scanned: false,
          label: 'phpIPAM subnet 1',
        },
      ],
    };
    const source: ImportSource = {
      label: 'phpIPAM at http://127.0.0.1:9/api/x/',
      readStructure: () => Promise.resolve(structuredClone(structure)),
      async *addresses() {
        yield [1, 2].map((n) => ({
          key: `a${n}`,
          vrfKey: 'v1',
          ip: `10.1.10.${n}`,
          status: 'In Use' as const,
          hostname: `host${n}`,
          description: '',
          label: `phpIPAM address ${n}`,
        }));
      },
    };
    await runSourceImport(ctx, source, { isDryRun: false, defaultGroupName: 'phpIPAM import' });
    // A second run with a new description changes that and nothing else of the group.
    structure.groups[1] = {
      key: 'g2',
      label: 'phpIPAM section 2',
      name: 'Lab',
      description: 'Test benches',
      parentKey: 'g1',
    };
    await runSourceImport(ctx, source, { isDryRun: false, defaultGroupName: 'phpIPAM import' });

    const page = await auditPage(t.db, ctx.account.id, {});
    const read = page.items.map((item) => ({ author: changeAuthor(item), ...shown(item) })).reverse();
    expect(read.every((entry) => entry.author === 'import from phpIPAM')).toBe(true);
    expect(read.map((entry) => entry.summary)).toEqual([
      'VRF CUST-A created',
      'Group Corporate created',
      'Group Lab created',
      'Subnet Servers (10.1.10.0/24) created',
      'Addresses imported into Servers',
      'Group Lab changed',
    ]);
    expect(read[2]?.fields).toContain('Parent group:  → Corporate');
    expect(read[3]?.fields).toEqual(
      expect.arrayContaining(['Group:  → Lab', 'VRF:  → CUST-A', 'VLAN:  → 10']),
    );
    expect(read[4]?.fields).toEqual(['Source:  → phpIPAM at http://127.0.0.1:9/api/x/', 'Added:  → 2']);
    expect(read[5]?.fields).toEqual(['Description: (empty) → Test benches']);
  });
});

describe("core's audit table", () => {
  it('has a label for every kind of object the server audits (a new one must be added there)', () => {
    const sourceDir = join(import.meta.dirname, '..');
    const files = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const written = new Set<string>();
    for (const file of files) {
      const text = readFileSync(join(sourceDir, file), 'utf8');
      for (const match of text.matchAll(/entity: (?:isConfirm \? )?'([a-z_-]+)'(?: : '([a-z_-]+)')?/g)) {
        for (const entity of match.slice(1)) if (entity) written.add(entity);
      }
    }
    expect(written.size).toBeGreaterThan(15);
    expect([...written].filter((entity) => !(entity in AUDIT_ENTITIES))).toEqual([]);
  });
});
