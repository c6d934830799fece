import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, type AccountSession } from '../../test/ipam-factories.js';
import { addPlanSubnet, postPlan } from '../../test/plan-factories.js';
import { insertPlanSubnets, type PlanSubnetRecord } from './plan-subnet-repository.js';
import { MAX_PLAN_SUBNETS } from '@ipam/core/limits';

const split = (me: AccountSession, planId: string, subnetId: string, body: Record<string, unknown>) =>
  me.call('POST', `/plans/${planId}/subnets/${subnetId}/split`, body);

for (const dialect of DIALECTS) {
  describeOn(dialect)(`plan subnet split (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('PL-93: LAN 10.0.0.0/24 to /26, numbered: four planned children one level down, LAN subdivided', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const lan = await addPlanSubnet(me, plan.id, 'LAN', '10.0.0.0/24', {
        vlan: { id: 30, name: 'Office' },
        planning: { currentHosts: 50, plannedGrowth: 40, notes: 'main' },
        reservedAddresses: [{ address: '10.0.0.129', type: 'printer' }],
      });
      const response = await split(me, plan.id, lan, { newCidr: 26, expectedVersion: 2 });
      expect(response.status).toBe(201);
      expect(response.body.parent).toMatchObject({ id: lan, status: 'subdivided', level: 0 });
      expect(response.body.parent.childSubnetIds).toEqual(response.body.childIds);
      const children = response.body.children as Array<
        Record<string, unknown> & { details: { broadcastAddress: string } }
      >;
      expect(
        children.map((c) => [c.name, `${c.networkAddress}/${c.cidr}`, c.details.broadcastAddress]),
      ).toEqual([
        ['LAN - Split 1', '10.0.0.0/26', '10.0.0.63'],
        ['LAN - Split 2', '10.0.0.64/26', '10.0.0.127'],
        ['LAN - Split 3', '10.0.0.128/26', '10.0.0.191'],
        ['LAN - Split 4', '10.0.0.192/26', '10.0.0.255'],
      ]);
      expect(children[0]).toMatchObject({
        status: 'planned',
        level: 1,
        parentSubnetId: lan,
        vlan: { id: 30, name: 'Office', description: '' },
        reservedAddresses: [],
        planning: { currentHosts: 0, plannedGrowth: 40, notes: 'Split from LAN' },
      });
      expect(children[2]!.reservedAddresses).toEqual([{ address: '10.0.0.129', type: 'printer' }]);
      const plan2 = (await me.call('GET', `/plans/${plan.id}`)).body;
      expect(plan2.version).toBe(3);
      expect(plan2.planValidation.overlaps).toEqual([]);
      const history = await me.call('GET', `/plans/${plan.id}/history?limit=1`);
      expect(history.body.items[0]).toMatchObject({
        action: 'split_subnet',
        description: 'Split "LAN" into 4 /26 subnets',
      });
      expect(history.body.items[0].affectedSubnetIds).toEqual([lan, ...response.body.childIds]);
    });

    it('PL-94, PL-95: a /20 to /28 gives 256 children of 14 hosts; 2001:db8::/64 to /66 gives 2^62 hosts each', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const v4 = await addPlanSubnet(me, plan.id, 'Floor', '10.0.0.0/20');
      const small = await split(me, plan.id, v4, { newCidr: 28 });
      expect(small.body.children).toHaveLength(256);
      expect(small.body.children[9]).toMatchObject({
        networkAddress: '10.0.0.144',
        cidr: 28,
        details: { usableHosts: '14' },
      });
      const v6 = await addPlanSubnet(me, plan.id, 'V6', '2001:db8::/64');
      const wide = await split(me, plan.id, v6, { newCidr: 66 });
      expect(wide.body.children.map((c: { networkAddress: string }) => c.networkAddress)).toEqual([
        '2001:db8::',
        '2001:db8:0:0:4000::',
        '2001:db8:0:0:8000::',
        '2001:db8:0:0:c000::',
      ]);
      expect(wide.body.children[0].details.usableHosts).toBe('4611686018427387904');
    });

    it('PL-83, S7: without keep original the parent goes and the children take its place; naming options', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const site = await addPlanSubnet(me, plan.id, 'Site', '10.0.0.0/16');
      const lan = await addPlanSubnet(me, plan.id, 'LAN', '10.0.0.0/24', { parentSubnetId: site });
      const response = await split(me, plan.id, lan, {
        newCidr: 25,
        keepOriginal: false,
        inherit: false,
        naming: 'network',
      });
      expect(response.body.parent).toBeNull();
      expect(
        response.body.children.map((c: { name: string; level: number; parentSubnetId: string }) => [
          c.name,
          c.level,
          c.parentSubnetId,
        ]),
      ).toEqual([
        ['10.0.0.0/25', 1, site],
        ['10.0.0.128/25', 1, site],
      ]);
      expect(response.body.children[0].planning).toMatchObject({ plannedGrowth: 25, notes: '' });
      const ids = (await me.call('GET', `/plans/${plan.id}`)).body.subnets.map((s: { id: string }) => s.id);
      expect(ids).not.toContain(lan);
      const custom = await split(me, plan.id, response.body.childIds[0], {
        newCidr: 26,
        naming: 'custom',
        customPrefix: 'Floor',
      });
      expect(custom.body.children.map((c: { name: string }) => c.name)).toEqual(['Floor 1', 'Floor 2']);
    });

    it('PL-15, PL-96: the split refusals', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const big = await addPlanSubnet(me, plan.id, 'Big', '10.0.0.0/8');
      const cases: [Record<string, unknown>, number, string][] = [
        [{ newCidr: 8 }, 400, 'New CIDR must be larger than current CIDR'],
        [{ newCidr: 33 }, 400, 'New CIDR cannot be larger than 32'],
        [{ newCidr: 32 }, 403, 'A split can create at most 4096 subnets; this one would create 16777216.'],
        [
          { newCidr: 9, naming: 'custom', customPrefix: 'x'.repeat(51) },
          400,
          'Custom prefix must be at most 50 characters.',
        ],
      ];
      for (const [body, status, error] of cases) {
        const response = await split(me, plan.id, big, body);
        expect({ status: response.status, error: response.body.error }).toEqual({ status, error });
      }
      const v6 = await addPlanSubnet(me, plan.id, 'V6', '2001:db8::/64');
      expect((await split(me, plan.id, v6, { newCidr: 129 })).body.error).toBe(
        'New CIDR cannot be larger than 128',
      );
      expect((await split(me, plan.id, randomUUID(), { newCidr: 9 })).body.error).toBe('Subnet not found');
      await split(me, plan.id, big, { newCidr: 9 });
      const again = await split(me, plan.id, big, { newCidr: 10 });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'This subnet is already subdivided.', code: 'already_subdivided' });
    });

    it('PL-15, S9: a database failure in the middle of a 4,096-child split leaves nothing behind', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const parent = await addPlanSubnet(me, plan.id, 'Campus', '10.0.0.0/12');
      const before = (await me.call('GET', `/plans/${plan.id}`)).body;
      // A real failure inside the database when the 2,049th child (the fifth 500-row statement) is stored.
      if (dialect === 'sqlite') {
        await sql`create trigger split_boom before insert on plan_subnets when new.network_address = '10.8.0.0'
          begin select raise(abort, 'boom'); end`.execute(t.current.db);
      } else {
        await sql`create function split_boom() returns trigger language plpgsql as $$
          begin if new.network_address = '10.8.0.0' then raise exception 'boom'; end if; return new; end $$`.execute(
          t.current.db,
        );
        await sql`create trigger split_boom before insert on plan_subnets for each row execute function split_boom()`.execute(
          t.current.db,
        );
      }
      try {
        const failed = await split(me, plan.id, parent, { newCidr: 24 });
        expect(failed.status).toBe(500);
      } finally {
        await sql`drop trigger split_boom${dialect === 'postgres' ? sql` on plan_subnets` : sql``}`.execute(
          t.current.db,
        );
        if (dialect === 'postgres') await sql`drop function split_boom()`.execute(t.current.db);
      }
      const after = (await me.call('GET', `/plans/${plan.id}`)).body;
      expect(after.version).toBe(before.version);
      expect(after.subnets).toHaveLength(1);
      expect(after.subnets[0]).toMatchObject({ id: parent, status: 'active', childSubnetIds: [] });
      expect((await me.call('GET', `/plans/${plan.id}/history`)).body.items).toHaveLength(2);
      // The same split without the failure creates all 4,096 children.
      const done = await split(me, plan.id, parent, { newCidr: 24 });
      expect(done.status).toBe(201);
      expect(done.body.childIds).toHaveLength(4096);
      expect(done.body.children[4095]).toMatchObject({
        name: 'Campus - Split 4096',
        networkAddress: '10.15.255.0',
      });
    });

    it('PL-5: the 10,001st subnet and a split past 10,000 are refused with plan_subnet_limit_reached', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const now = new Date().toISOString();
      const subnets: PlanSubnetRecord[] = Array.from({ length: MAX_PLAN_SUBNETS - 1 }, (_, i) => ({
        id: randomUUID(),
        planId: plan.id,
        parentSubnetId: null,
        name: `S${i}`,
        description: '',
        ipVersion: 'IPv4',
        networkAddress: `10.${Math.floor(i / 256)}.${i % 256}.0`,
        cidr: 24,
        vlan: null,
        reservedAddresses: [],
        planning: { currentHosts: 0, plannedGrowth: 25, notes: '' },
        status: 'active',
        createdAt: now,
        updatedAt: now,
      }));
      await insertPlanSubnets(t.current.db, subnets);
      const last = await addPlanSubnet(me, plan.id, 'Last', '172.16.0.0/24');
      const versionBefore = (await me.call('GET', `/plans/${plan.id}/history?limit=1`)).body.items.length;
      expect(versionBefore).toBe(1);
      const refused = await me.call('POST', `/plans/${plan.id}/subnets`, {
        name: 'One more',
        networkAddress: '172.16.1.0',
        cidr: 24,
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: 'A plan can hold at most 10000 subnets.',
        code: 'plan_subnet_limit_reached',
      });
      const splitRefused = await split(me, plan.id, last, { newCidr: 25 });
      expect(splitRefused.status).toBe(403);
      expect(splitRefused.body.code).toBe('plan_subnet_limit_reached');
      const replaced = await split(me, plan.id, last, { newCidr: 25, keepOriginal: false });
      expect(replaced.status).toBe(403); // 9,999 + 2 children is still one too many
      const count = await t.current.db
        .selectFrom('plan_subnets')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('plan_id', '=', plan.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(MAX_PLAN_SUBNETS);
    });
  });
}
