import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession } from '../../test/ipam-factories.js';
import { addPlanSubnet, postPlan } from '../../test/plan-factories.js';
import { insertPlan } from './plan-repository.js';
import { MAX_PLANS } from '@ipam/core/limits';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`network plans (${dialect})`, () => {
    const published: { accountId: string; kind: string; id: string }[] = [];
    const t = useTestApp(
      dialect,
      {},
      { events: { publish: (accountId, event) => published.push({ accountId, ...event }) } },
    );

    it('PL-7, PL-1: creates a plan with the defaults, version 1 and createdBy, and lists it (PL-6)', async () => {
      const me = await accountSession(t.current);
      const created = await me.call('POST', '/plans', { name: ' Office ', tags: ['Lab', 'LAB', 'lab '] });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Office',
        description: '',
        tags: ['lab'],
        settings: {
          autoCalculateDetails: true,
          validateOverlaps: true,
          showUtilization: true,
          defaultIPVersion: 'IPv4',
        },
        isTemplate: false,
        version: 1,
        createdBy: me.userId,
        subnets: [],
        planValidation: { isValid: true, overlaps: [], gaps: [] },
      });
      const list = await me.call('GET', '/plans');
      expect(list.status).toBe(200);
      expect(list.body.items).toEqual([
        expect.objectContaining({
          id: created.body.id,
          subnetCount: 0,
          validationSummary: expect.objectContaining({ isValid: true, overlapCount: 0, warningCount: 0 }),
        }),
      ]);
      expect(published).toContainEqual({ accountId: me.accountId, kind: 'plan', id: created.body.id });
    });

    it('PL-102: refuses an empty name, an 11th tag, a 21-character tag and a tag with a comma', async () => {
      const me = await accountSession(t.current);
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '  ' }, 'Plan name is required'],
        [
          { name: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
          'A plan can have at most 10 tags.',
        ],
        [{ name: 'x', tags: ['x'.repeat(21)] }, 'A tag can be at most 20 characters.'],
        [{ name: 'x', tags: ['a,b'] }, 'A tag cannot contain a comma.'],
      ];
      for (const [body, error] of cases) {
        const response = await me.call('POST', '/plans', body);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ error, code: 'validation_failed' });
      }
    });

    it('PL-6: the list is ordered by updatedAt, newest first', async () => {
      const me = await accountSession(t.current);
      const first = await postPlan(me, { name: 'First' });
      const second = await postPlan(me, { name: 'Second' });
      expect((await me.call('GET', '/plans')).body.items.map((p: { name: string }) => p.name)).toEqual([
        'Second',
        'First',
      ]);
      await me.call('PATCH', `/plans/${first.id}`, { description: 'touched' });
      expect((await me.call('GET', '/plans')).body.items.map((p: { id: string }) => p.id)).toEqual([
        first.id,
        second.id,
      ]);
    });

    it('PL-9, PL-75: a rename is version + 1 with an update_plan entry holding only the changed fields', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const renamed = await me.call('PATCH', `/plans/${plan.id}`, { name: 'HQ', expectedVersion: 1 });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'HQ', version: 2 });
      const settings = await me.call('PATCH', `/plans/${plan.id}`, { settings: { showUtilization: false } });
      expect(settings.body.settings).toEqual({
        autoCalculateDetails: true,
        validateOverlaps: true,
        showUtilization: false,
        defaultIPVersion: 'IPv4',
      });
      const history = await me.call('GET', `/plans/${plan.id}/history`);
      expect(history.body.items.slice(0, 2)).toEqual([
        expect.objectContaining({
          action: 'update_plan',
          description: 'Updated plan settings',
          userId: me.userId,
          userEmail: me.email,
        }),
        expect.objectContaining({
          action: 'update_plan',
          description: 'Renamed plan to "HQ"',
          oldValue: { name: 'Office' },
          newValue: { name: 'HQ' },
        }),
      ]);
    });

    it('PL-20: a stale expectedVersion is 409 version_conflict and changes nothing', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      await me.call('PATCH', `/plans/${plan.id}`, { name: 'Moved on' });
      const stale = await me.call('PATCH', `/plans/${plan.id}`, { name: 'Mine', expectedVersion: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body).toEqual({
        error: 'This plan was changed by someone else. Reload it to see the latest version.',
        code: 'version_conflict',
      });
      const staleAdd = await me.call('POST', `/plans/${plan.id}/subnets`, {
        name: 'A',
        networkAddress: '10.0.0.0',
        cidr: 24,
        expectedVersion: 1,
      });
      expect(staleAdd.status).toBe(409);
      const staleDelete = await me.call('DELETE', `/plans/${plan.id}`, { expectedVersion: 1 });
      expect(staleDelete.status).toBe(409);
      expect((await me.call('GET', `/plans/${plan.id}`)).body).toMatchObject({
        name: 'Moved on',
        version: 2,
        subnets: [],
      });
    });

    it('PL-19, PL-20: concurrent writes to one plan queue: each gets its own version and history entry', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const writes = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 2 === 0
            ? me.call('PATCH', `/plans/${plan.id}`, { description: `d${i}` })
            : me.call('POST', `/plans/${plan.id}/subnets`, {
                name: `S${i}`,
                networkAddress: `10.0.${i}.0`,
                cidr: 24,
              }),
        ),
      );
      expect(writes.map((w) => w.status).sort()).toEqual([200, 200, 200, 201, 201, 201]);
      const after = (await me.call('GET', `/plans/${plan.id}`)).body;
      expect(after.version).toBe(7);
      expect(after.subnets).toHaveLength(3);
      const history = await me.call('GET', `/plans/${plan.id}/history`);
      expect(history.body.items).toHaveLength(7);
      const versions = writes.filter((w) => w.status === 200).map((w) => w.body.version);
      expect(new Set(versions).size).toBe(3);
    });

    it('PL-19, PL-16: every write announces {kind: plan, id} after its commit; validation and refusals do not', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const events = () => published.filter((e) => e.accountId === me.accountId && e.kind === 'plan').length;
      const start = events();
      const a = await addPlanSubnet(me, plan.id, 'A', '10.0.0.0/24');
      await me.call('POST', `/plans/${plan.id}/subnets/${a}/split`, { newCidr: 25 });
      await me.call('POST', `/plans/${plan.id}/validate`);
      expect((await me.call('PATCH', `/plans/${plan.id}`, { name: 'x', expectedVersion: 1 })).status).toBe(
        409,
      );
      await me.call('DELETE', `/plans/${plan.id}/subnets/${a}`);
      expect(events() - start).toBe(3);
      expect(published[published.length - 1]).toEqual({ accountId: me.accountId, kind: 'plan', id: plan.id });
    });

    it('PL-8, PL-10: another account’s plan is 404 on every route; a deleted plan is 404 with its subnets gone', async () => {
      const me = await accountSession(t.current);
      const other = await accountSession(t.current);
      const plan = await postPlan(me);
      const subnetId = await addPlanSubnet(me, plan.id, 'A', '10.0.0.0/24');
      const theirs = [
        other.call('GET', `/plans/${plan.id}`),
        other.call('PATCH', `/plans/${plan.id}`, { name: 'Stolen' }),
        other.call('POST', `/plans/${plan.id}/duplicate`),
        other.call('POST', `/plans/${plan.id}/validate`),
        other.call('GET', `/plans/${plan.id}/history`),
        other.call('GET', `/plans/${plan.id}/export`),
        other.call('PATCH', `/plans/${plan.id}/subnets/${subnetId}`, { name: 'x' }),
        other.call('DELETE', `/plans/${plan.id}/subnets/${subnetId}`),
        other.call('DELETE', `/plans/${plan.id}`),
      ];
      for (const response of await Promise.all(theirs)) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: 'Not found.', code: 'not_found' });
      }
      expect((await me.call('DELETE', `/plans/${plan.id}`, {})).status).toBe(204);
      expect((await me.call('GET', `/plans/${plan.id}`)).status).toBe(404);
      const leftovers = await t.current.db
        .selectFrom('plan_subnets')
        .select('id')
        .where('plan_id', '=', plan.id)
        .execute();
      expect(leftovers).toEqual([]);
      expect((await me.call('GET', `/plans/${randomUUID()}`)).body).toEqual({
        error: 'Not found.',
        code: 'not_found',
      });
    });

    it('PL-5: the 101st plan is refused with 403 plan_limit_reached', async () => {
      const me = await accountSession(t.current);
      const now = new Date().toISOString();
      for (let i = 0; i < MAX_PLANS; i++) {
        await insertPlan(t.current.db, {
          id: randomUUID(),
          accountId: me.accountId,
          name: `P${i}`,
          description: '',
          tags: [],
          settings: {
            autoCalculateDetails: true,
            validateOverlaps: true,
            showUtilization: true,
            defaultIPVersion: 'IPv4',
          },
          isTemplate: false,
          version: 1,
          planValidation: null,
          createdAt: now,
          updatedAt: now,
          createdBy: me.userId,
        });
      }
      const refused = await me.call('POST', '/plans', { name: 'One too many' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: 'You can keep at most 100 network plans. Delete some to create more.',
        code: 'plan_limit_reached',
      });
    });

    it('PL-7, PL-73: a template plan has its subnets, active, growth 25, and the apply_template entry', async () => {
      const me = await accountSession(t.current);
      const plan = await me.call('POST', '/plans', { name: 'Corp', template: 'corporate' });
      expect(plan.status).toBe(201);
      expect(
        plan.body.subnets.map(
          (s: { name: string; networkAddress: string; cidr: number }) =>
            `${s.name} ${s.networkAddress}/${s.cidr}`,
        ),
      ).toEqual([
        'Management 10.0.0.0/24',
        'Servers 10.0.1.0/24',
        'DMZ 10.0.2.0/24',
        'Guest 10.0.3.0/24',
        'Users 10.0.4.0/22',
      ]);
      expect(plan.body.subnets[0]).toMatchObject({
        status: 'active',
        level: 0,
        vlan: null,
        description: 'Network management and out-of-band access',
        planning: { currentHosts: 0, plannedGrowth: 25, notes: '', recommendedSize: '/32' },
      });
      expect(plan.body.version).toBe(1);
      const history = await me.call('GET', `/plans/${plan.body.id}/history`);
      expect(
        history.body.items.map((e: { action: string; description: string }) => [e.action, e.description]),
      ).toEqual([
        ['apply_template', 'Applied template Corporate'],
        ['create_plan', 'Created plan "Corp"'],
      ]);
      expect(history.body.items[0].affectedSubnetIds).toHaveLength(5);
      for (const template of ['datacenter', 'campus', 'blank']) {
        const other = await me.call('POST', '/plans', { name: template, template });
        expect(other.body.subnets).toHaveLength(template === 'blank' ? 0 : 5);
      }
    });

    it('PL-74: creating from one of the account’s template plans copies its subnets', async () => {
      const me = await accountSession(t.current);
      const source = await postPlan(me, { name: 'Branch', isTemplate: true });
      const parentId = await addPlanSubnet(me, source.id, 'Site', '10.1.0.0/16');
      await addPlanSubnet(me, source.id, 'LAN', '10.1.1.0/24', { parentSubnetId: parentId });
      const copy = await me.call('POST', '/plans', { name: 'Branch 2', fromPlanId: source.id });
      expect(copy.status).toBe(201);
      expect(copy.body.subnets.map((s: { name: string; level: number }) => [s.name, s.level])).toEqual([
        ['Site', 0],
        ['LAN', 1],
      ]);
      expect(copy.body.subnets[1].parentSubnetId).toBe(copy.body.subnets[0].id);
      expect(copy.body.subnets[0].id).not.toBe(parentId);
      const plain = await postPlan(me, { name: 'Not a template' });
      expect((await me.call('POST', '/plans', { name: 'x', fromPlanId: plain.id })).status).toBe(404);
    });

    it('PL-100, PL-11: duplicating Office gives Office (Copy), tags + copy, version 1, same tree under new ids', async () => {
      const me = await accountSession(t.current);
      const office = await postPlan(me, { name: 'Office', tags: ['site'] });
      const a = await addPlanSubnet(me, office.id, 'A', '10.0.0.0/24');
      await addPlanSubnet(me, office.id, 'E', '10.0.0.128/25', { parentSubnetId: a });
      const copy = await me.call('POST', `/plans/${office.id}/duplicate`, {});
      expect(copy.status).toBe(201);
      expect(copy.body).toMatchObject({
        name: 'Office (Copy)',
        tags: ['site', 'copy'],
        version: 1,
        createdBy: me.userId,
      });
      const [copyA, copyE] = copy.body.subnets;
      expect([copyA.name, copyE.name]).toEqual(['A', 'E']);
      expect(copyA.id).not.toBe(a);
      expect(copyE.parentSubnetId).toBe(copyA.id);
      expect(copy.body.planValidation).toMatchObject({ isValid: true, overlaps: [] });
      const history = await me.call('GET', `/plans/${copy.body.id}/history`);
      expect(
        history.body.items.map((e: { action: string; description: string }) => [e.action, e.description]),
      ).toEqual([['duplicate_plan', 'Duplicated from "Office"']]);
      const long = await postPlan(me, {
        name: 'n'.repeat(100),
        tags: Array.from({ length: 10 }, (_, i) => `t${i}`),
      });
      const longCopy = await me.call('POST', `/plans/${long.id}/duplicate`);
      expect(longCopy.body.name).toBe(`${'n'.repeat(93)} (Copy)`);
      expect(longCopy.body.tags).toHaveLength(10);
      expect(longCopy.body.tags).not.toContain('copy');
    });

    it('PL-16, S31: validate stores the result and lastValidated without a new version, updatedAt or history', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me, {
        settings: {
          autoCalculateDetails: true,
          validateOverlaps: false,
          showUtilization: true,
          defaultIPVersion: 'IPv4',
        },
      });
      await addPlanSubnet(me, plan.id, 'A', '10.0.0.0/24');
      await addPlanSubnet(me, plan.id, 'E', '10.0.0.128/25');
      const before = (await me.call('GET', `/plans/${plan.id}`)).body;
      expect(before.planValidation).toBeNull(); // validateOverlaps is off: no validation after writes
      const validated = await me.call('POST', `/plans/${plan.id}/validate`);
      expect(validated.status).toBe(200);
      expect(validated.body).toMatchObject({
        isValid: false,
        overlaps: [expect.objectContaining({ overlapType: 'complete' })],
      });
      const after = (await me.call('GET', `/plans/${plan.id}`)).body;
      expect(after.version).toBe(before.version);
      expect(after.updatedAt).toBe(before.updatedAt);
      expect(after.planValidation).toEqual(validated.body);
      const history = await me.call('GET', `/plans/${plan.id}/history`);
      expect(history.body.items).toHaveLength(3); // create + two adds, no validation
    });

    it('PL-18: history pages newest first with a cursor', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      for (let i = 1; i <= 4; i++) await me.call('PATCH', `/plans/${plan.id}`, { description: `d${i}` });
      const first = await me.call('GET', `/plans/${plan.id}/history?limit=2`);
      expect(first.body.items).toHaveLength(2);
      expect(first.body.items[0].newValue).toEqual({ description: 'd4' });
      const second = await me.call(
        'GET',
        `/plans/${plan.id}/history?limit=2&cursor=${first.body.nextCursor}`,
      );
      expect(second.body.items.map((e: { newValue: unknown }) => e.newValue)).toEqual([
        { description: 'd2' },
        { description: 'd1' },
      ]);
      const last = await me.call('GET', `/plans/${plan.id}/history?limit=2&cursor=${second.body.nextCursor}`);
      expect(last.body).toMatchObject({
        items: [expect.objectContaining({ action: 'create_plan' })],
        nextCursor: null,
      });
      expect((await me.call('GET', `/plans/${plan.id}/history?limit=501`)).status).toBe(400);
      expect((await me.call('GET', `/plans/${plan.id}/history?cursor=abc`)).status).toBe(400);
    });

    it('PL-112: plan writes appear in the audit log with entity plan and plan_subnet', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      await addPlanSubnet(me, plan.id, 'A', '10.0.0.0/24');
      const page = await me.call('GET', '/audit');
      expect(
        page.body.items.map((entry: { action: string; entity: string }) => [entry.action, entry.entity]),
      ).toEqual(
        expect.arrayContaining([
          ['create', 'plan'],
          ['create', 'plan_subnet'],
        ]),
      );
    });

    it('PL-111: every planner route is in the OpenAPI document under tag planner', async () => {
      const openapi = await t.current.client().get('/api/openapi.json');
      const planPaths = Object.entries(
        openapi.body.paths as Record<string, Record<string, { tags?: string[] }>>,
      ).filter(([path]) => path.startsWith('/api/accounts/{accountId}/plans'));
      const operations = planPaths.flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [
          `${method.toUpperCase()} ${path}`,
          operation.tags,
        ]),
      );
      expect(operations).toHaveLength(14);
      for (const [, operationTags] of operations) expect(operationTags).toEqual(['planner']);
    });
  });
}
