import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet, type AccountSession } from '../../test/ipam-factories.js';
import { addPlanSubnet, postPlan } from '../../test/plan-factories.js';
import { insertPlanSubnets } from './plan-subnet-repository.js';

const apply = (me: AccountSession, planId: string, body: Record<string, unknown>) =>
  me.call('POST', `/plans/${planId}/apply`, body);
const outcomes = (body: { items: { name: string; outcome: string; message: string }[] }) =>
  body.items.map((item) => [item.name, item.outcome, item.message]);

for (const dialect of DIALECTS) {
  describeOn(dialect)(`apply a plan to IPAM (${dialect})`, () => {
    const t = useTestApp(dialect);

    /** A tier-1 account (IPv4 /8–/32, IPv6 /104–/124) with a group and a plan: Site ⊃ LAN1, LAN2, Old; V6. */
    async function setUp(maxnetworks = 10) {
      const me = await accountSession(t.current, { tier: 1, maxnetworks });
      const group = await postGroup(me, 'Plans');
      const plan = await postPlan(me, { name: 'Branch' });
      const site = await addPlanSubnet(me, plan.id, 'Site', '10.0.0.0/16');
      const lan1 = await addPlanSubnet(me, plan.id, 'LAN1', '10.0.1.0/24', {
        parentSubnetId: site,
        vlan: { id: 12 },
        description: 'first floor',
      });
      const lan2 = await addPlanSubnet(me, plan.id, 'LAN2', '10.0.2.0/24', {
        parentSubnetId: site,
        status: 'planned',
      });
      await addPlanSubnet(me, plan.id, 'Old', '10.0.3.0/24', { parentSubnetId: site, status: 'deprecated' });
      const v6 = await addPlanSubnet(me, plan.id, 'V6', '2001:db8::/64');
      return { me, group, plan, site, lan1, lan2, v6 };
    }
    const ipamSubnets = async (me: AccountSession) =>
      (await me.call('GET', '/subnets')).body.items as {
        name: string;
        networkIP: string;
        vlanId: number;
        description: string;
      }[];

    it('PL-138: the preview lists every active or planned leaf, writes nothing and keeps the version', async () => {
      const { me, group, plan } = await setUp();
      const preview = await apply(me, plan.id, { groupId: group.id });
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({ dryRun: true, created: 0 });
      expect(outcomes(preview.body)).toEqual([
        ['LAN1', 'create', 'will create'],
        ['LAN2', 'create', 'will create'],
        ['V6', 'not_in_tier', 'IPv6 prefixes must be from /104 to /124.'],
      ]);
      expect(preview.body.items[0]).toMatchObject({
        network: '10.0.1.0/24',
        ipVersion: 'IPv4',
        subnetId: null,
      });
      expect(await ipamSubnets(me)).toEqual([]);
      expect((await me.call('GET', `/plans/${plan.id}`)).body.version).toBe(6);
    });

    it('PL-138: a blocked item refuses the whole apply with 409 and creates nothing', async () => {
      const { me, group, plan } = await setUp();
      const refused = await apply(me, plan.id, { groupId: group.id, dryRun: false });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        error: 'Some subnets cannot be created: see the preview. Nothing was created.',
        code: 'apply_blocked',
      });
      expect(await ipamSubnets(me)).toEqual([]);
    });

    it('PL-138: applying creates the subnets in one go with name, VLAN and description; a second apply finds them', async () => {
      const { me, group, plan, lan1, lan2 } = await setUp();
      const done = await apply(me, plan.id, {
        groupId: group.id,
        subnetIds: [lan2, lan1],
        dryRun: false,
        expectedVersion: 6,
      });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ dryRun: false, created: 2 });
      // After the apply the rows say what happened, not what will (issue 29).
      expect(outcomes(done.body)).toEqual([
        ['LAN1', 'create', 'created'],
        ['LAN2', 'create', 'created'],
      ]);
      const created = await ipamSubnets(me);
      expect(created.map((s) => [s.name, s.networkIP, s.vlanId, s.description]).sort()).toEqual([
        ['LAN1', '10.0.1.0', 12, 'first floor'],
        ['LAN2', '10.0.2.0', 1, ''],
      ]);
      expect(
        done.body.items.every((item: { subnetId: string | null }) => typeof item.subnetId === 'string'),
      ).toBe(true);
      const history = await me.call('GET', `/plans/${plan.id}/history?limit=1`);
      expect(history.body.items[0]).toMatchObject({
        action: 'apply_to_ipam',
        description: 'Applied 2 subnet(s) to IPAM',
        affectedSubnetIds: [lan1, lan2],
      });
      expect((await me.call('GET', `/plans/${plan.id}`)).body.version).toBe(7);
      const audit = await me.call('GET', '/audit');
      expect(
        audit.body.items.filter(
          (e: { entity: string; action: string }) => e.entity === 'subnet' && e.action === 'create',
        ),
      ).toHaveLength(2);

      const again = await apply(me, plan.id, { groupId: group.id, subnetIds: [lan1, lan2], dryRun: false });
      expect(again.status).toBe(200);
      expect(again.body.created).toBe(0);
      expect(outcomes(again.body)).toEqual([
        ['LAN1', 'exists', 'exists already'],
        ['LAN2', 'exists', 'exists already'],
      ]);
      expect(again.body.items[0].subnetId).toBe(done.body.items[0].subnetId);
      expect(await ipamSubnets(me)).toHaveLength(2);
    });

    it('PL-138: an overlap with IPAM or within the choice, and the account limit, are refused like a hand-made subnet', async () => {
      const { me, group, plan, site, lan1, lan2 } = await setUp(2);
      expect((await postSubnet(me, group.id, '10.0.2.0/23')).status).toBe(201);
      const preview = await apply(me, plan.id, { groupId: group.id, subnetIds: [site, lan1, lan2] });
      // Site has children in the plan, so it becomes a container around the hand-made /23 (issue 30);
      // LAN2 is the /23's range as a leaf and is refused; the account's limit of 2 stops LAN1.
      expect(outcomes(preview.body)).toEqual([
        ['Site', 'create', 'will create'],
        ['LAN1', 'over_limit', "over your subscription's subnet limit of 2"],
        ['LAN2', 'overlaps', 'overlaps Subnet 10.0.2.0/23 (10.0.2.0/23)'],
      ]);
      const other = await addPlanSubnet(me, plan.id, 'Other', '10.1.0.0/24');
      const inside = await addPlanSubnet(me, plan.id, 'Inside', '10.1.0.0/25');
      const overLimit = await apply(me, plan.id, { groupId: group.id, subnetIds: [lan1, other, inside] });
      expect(outcomes(overLimit.body)).toEqual([
        ['LAN1', 'create', 'will create'],
        ['Other', 'over_limit', "over your subscription's subnet limit of 2"],
        ['Inside', 'over_limit', "over your subscription's subnet limit of 2"],
      ]);
      const refused = await apply(me, plan.id, {
        groupId: group.id,
        subnetIds: [lan1, other],
        dryRun: false,
      });
      expect(refused.status).toBe(409);
      expect(await ipamSubnets(me)).toHaveLength(1); // only the hand-made one
      const roomy = await accountSession(t.current, { tier: 1, maxnetworks: 10 });
      const roomyGroup = await postGroup(roomy, 'G');
      const roomyPlan = await postPlan(roomy);
      const outer = await addPlanSubnet(roomy, roomyPlan.id, 'Outer', '10.9.0.0/24');
      const nested = await addPlanSubnet(roomy, roomyPlan.id, 'Nested', '10.9.0.0/25', {
        parentSubnetId: outer,
      });
      const both = await apply(roomy, roomyPlan.id, { groupId: roomyGroup.id, subnetIds: [outer, nested] });
      // The plan's hierarchy is kept: Outer becomes a container holding Nested (issue 30).
      expect(outcomes(both.body)).toEqual([
        ['Outer', 'create', 'will create'],
        ['Nested', 'create', 'will create'],
      ]);
      const applied = await apply(roomy, roomyPlan.id, {
        groupId: roomyGroup.id,
        subnetIds: [outer, nested],
        dryRun: false,
      });
      expect(applied.body).toMatchObject({ created: 2 });
      const made = (await roomy.call('GET', '/subnets')).body.items as { id: string; name: string }[];
      const container = made.find((s) => s.name === 'Outer');
      expect(container).toMatchObject({ kind: 'container', parentId: null });
      expect(made.find((s) => s.name === 'Nested')).toMatchObject({ kind: 'leaf', parentId: container?.id });
    });

    it('applies into the VRF asked for, where the same networks may already exist elsewhere (issue 30)', async () => {
      const { me, group, plan, site, lan1, lan2 } = await setUp();
      expect((await postSubnet(me, group.id, '10.0.1.0/24')).status).toBe(201); // in Global
      const lab = (await me.call('POST', '/vrfs', { name: 'Lab' })).body;
      const done = await apply(me, plan.id, {
        groupId: group.id,
        subnetIds: [site, lan1, lan2],
        dryRun: false,
        vrfId: lab.id,
      });
      expect(done.body.created).toBe(3);
      const inLab = (
        (await me.call('GET', `/subnets?vrfId=${lab.id}`)).body.items as {
          name: string;
          kind: string;
        }[]
      ).map((s) => [s.name, s.kind]);
      expect(inLab).toEqual([
        ['LAN1', 'leaf'],
        ['LAN2', 'leaf'],
        ['Site', 'container'],
      ]);
      const unknown = await apply(me, plan.id, { groupId: group.id, vrfId: 'no-such-vrf' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.fields).toEqual({ vrfId: messages.vrfNotFound });
    });

    it('PL-138: the Free tier’s prefixes and IPv6 refusal apply; plan subnets with errors are invalid', async () => {
      const me = await accountSession(t.current, { tier: 0 });
      const group = await postGroup(me, 'G');
      const plan = await postPlan(me);
      await addPlanSubnet(me, plan.id, 'Wide', '10.0.0.0/16');
      await addPlanSubnet(me, plan.id, 'V6', '2001:db8::/120');
      const now = new Date().toISOString();
      await insertPlanSubnets(t.current.db, [
        {
          id: randomUUID(),
          planId: plan.id,
          parentSubnetId: null,
          name: 'Crowded',
          description: '',
          ipVersion: 'IPv4',
          networkAddress: '192.168.0.0',
          cidr: 30,
          vlan: null,
          reservedAddresses: [],
          planning: { currentHosts: 9, plannedGrowth: 25, notes: '' },
          status: 'active',
          createdAt: now,
          updatedAt: now,
        },
      ]);
      const preview = await apply(me, plan.id, { groupId: group.id });
      expect(outcomes(preview.body)).toEqual([
        ['Wide', 'not_in_tier', 'Your tier allows IPv4 prefixes from /24 to /32.'],
        ['Crowded', 'invalid', 'fix the errors of this plan subnet first'],
        ['V6', 'not_in_tier', 'IPv6 subnets are not available for your tier.'],
      ]);
    });

    it('PL-138: an unknown group is 400, an unknown plan subnet 404, an empty choice 400, a stale version 409', async () => {
      const { me, group, plan } = await setUp();
      const noGroup = await apply(me, plan.id, { groupId: randomUUID() });
      expect(noGroup.status).toBe(400);
      expect(noGroup.body.error).toBe('Group not found.');
      const unknown = await apply(me, plan.id, { groupId: group.id, subnetIds: [randomUUID()] });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('Subnet not found');
      const none = await apply(me, plan.id, { groupId: group.id, subnetIds: [] });
      expect(none.status).toBe(400);
      expect(none.body.error).toBe('Choose at least one plan subnet to create.');
      const stale = await apply(me, plan.id, { groupId: group.id, dryRun: false, expectedVersion: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('version_conflict');
    });
  });
}
