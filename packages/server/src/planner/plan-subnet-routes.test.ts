import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession } from '../../test/ipam-factories.js';
import { addPlanSubnet, postPlan, postPlanSubnet } from '../../test/plan-factories.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`plan subnets (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('PL-12, PL-4: adds a subnet with the derived fields and bumps the version', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const added = await postPlanSubnet(me, plan.id, 'A', '10.0.0.0/24', {
        vlan: { id: 20 },
        reservedAddresses: [{ address: '10.0.0.1', type: 'gateway' }],
        planning: { currentHosts: 100 },
        expectedVersion: 1,
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        name: 'A',
        description: '',
        ipVersion: 'IPv4',
        networkAddress: '10.0.0.0',
        cidr: 24,
        vlan: { id: 20, name: 'VLAN_20', description: '' },
        parentSubnetId: null,
        childSubnetIds: [],
        level: 0,
        status: 'active',
        planning: { currentHosts: 100, plannedGrowth: 25, notes: '', recommendedSize: '/25' },
        validationResults: { isValid: true, warnings: [], errors: [] },
        details: {
          usableHosts: '254',
          totalHosts: '256',
          broadcastAddress: '10.0.0.255',
          subnetMask: '255.255.255.0',
          utilization: { percentage: 39.4 },
        },
      });
      expect((await me.call('GET', `/plans/${plan.id}`)).body.version).toBe(2);
      const v6 = await postPlanSubnet(me, plan.id, 'V6', '2001:DB8:0:0::/64');
      expect(v6.body).toMatchObject({
        networkAddress: '2001:db8::',
        details: {
          usableHosts: '18446744073709551616',
          broadcastAddress: null,
          subnetMask: 'ffff:ffff:ffff:ffff::',
        },
      });
    });

    it('PL-103, PL-12: the editor’s refusals, each a 400 with its message', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const cases: [string, Record<string, unknown>, string][] = [
        ['10.0.0.5/24', {}, 'Network address must be the network address of the prefix: 10.0.0.0/24.'],
        [
          '10.0.0.0/24',
          { planning: { currentHosts: 300 } },
          'Current hosts (300) exceed available host addresses (254).',
        ],
        [
          '10.0.0.0/24',
          { reservedAddresses: [{ address: '10.0.0.999' }] },
          'Reserved address 1 has invalid IPv4 format.',
        ],
        [
          '2001:db8::/64',
          { reservedAddresses: [{ address: '2001:db9::1' }] },
          'Reserved address 1 is outside the subnet.',
        ],
        ['10.0.0.0/24', { status: 'subdivided' }, 'Status subdivided is set by splitting.'],
        ['10.0.0.0/33', {}, 'CIDR must be between 1 and 32.'],
      ];
      for (const [cidr, fields, error] of cases) {
        const response = await postPlanSubnet(me, plan.id, 'X', cidr, fields);
        expect({ cidr, status: response.status, error: response.body.error }).toEqual({
          cidr,
          status: 400,
          error,
        });
        expect(response.body.code).toBe('validation_failed');
      }
      expect((await me.call('GET', `/plans/${plan.id}`)).body).toMatchObject({ version: 1, subnets: [] });
    });

    it('PL-12, S27: a parent must exist, be the same version and contain the child', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const a = await addPlanSubnet(me, plan.id, 'A', '10.0.0.0/24');
      const missing = await postPlanSubnet(me, plan.id, 'C', '10.0.0.0/25', { parentSubnetId: randomUUID() });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('Subnet not found');
      const otherPlan = await postPlan(me, { name: 'Other' });
      const elsewhere = await addPlanSubnet(me, otherPlan.id, 'Elsewhere', '10.0.0.0/16');
      const crossPlan = await postPlanSubnet(me, plan.id, 'C', '10.0.0.0/25', { parentSubnetId: elsewhere });
      expect(crossPlan.status).toBe(404);
      for (const cidr of ['10.0.1.0/25', '10.0.0.0/24', '10.0.0.0/23', '2001:db8::/64']) {
        const outside = await postPlanSubnet(me, plan.id, 'C', cidr, { parentSubnetId: a });
        expect(outside.status).toBe(400);
        expect(outside.body.error).toBe('A child subnet must lie inside its parent 10.0.0.0/24.');
      }
      const child = await postPlanSubnet(me, plan.id, 'C', '10.0.0.128/25', { parentSubnetId: a });
      expect(child.body).toMatchObject({ parentSubnetId: a, level: 1 });
    });

    it('PL-97: the plan’s validation after each write: overlap, gap, warnings and recommendations', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const a = await addPlanSubnet(me, plan.id, 'A', '10.0.0.0/24', { planning: { currentHosts: 100 } });
      await addPlanSubnet(me, plan.id, 'B', '10.0.1.0/24', { status: 'planned' });
      const c = await addPlanSubnet(me, plan.id, 'C', '10.0.2.0/25', { planning: { currentHosts: 120 } });
      await addPlanSubnet(me, plan.id, 'D', '10.0.4.0/24');
      const e = await addPlanSubnet(me, plan.id, 'E', '10.0.0.128/25');
      const { body } = await me.call('GET', `/plans/${plan.id}`);
      expect(body.subnets.map((s: { name: string }) => s.name)).toEqual(['A', 'E', 'B', 'C', 'D']);
      expect(body.planValidation.isValid).toBe(false);
      expect(body.planValidation.overlaps).toEqual([
        {
          subnet1: { id: a, name: 'A', network: '10.0.0.0/24' },
          subnet2: { id: e, name: 'E', network: '10.0.0.128/25' },
          overlapType: 'complete',
          isDuplicate: false,
        },
      ]);
      expect(body.planValidation.gaps).toEqual([
        expect.objectContaining({
          type: 'between_subnets',
          startAddress: '10.0.2.128',
          endAddress: '10.0.3.255',
          size: '384',
        }),
      ]);
      expect(body.planValidation.warnings).toEqual([
        {
          subnetId: c,
          type: 'VERY_HIGH_UTILIZATION',
          message: 'Very high utilization: 95.2% of usable host addresses are in use.',
        },
      ]);
      expect(body.planValidation.recommendations).toEqual([
        { subnetId: c, type: 'SPLIT_SUBNET', suggestion: expect.stringContaining('Utilization is 95.2%') },
        {
          subnetId: c,
          type: 'PLAN_FOR_GROWTH',
          suggestion: 'With planned growth this subnet needs room for 150 hosts: a /24.',
        },
        { subnetId: e, type: 'MAKE_CHILD', suggestion: 'Make "E" a child of "A".' },
      ]);

      const moved = await me.call('PATCH', `/plans/${plan.id}/subnets/${e}`, { parentSubnetId: a });
      expect(moved.body).toMatchObject({ parentSubnetId: a, level: 1 });
      const after = (await me.call('GET', `/plans/${plan.id}`)).body;
      expect(after.planValidation).toMatchObject({ isValid: true, overlaps: [] });
      expect(after.planValidation.warnings).toHaveLength(1);
      expect(after.subnets[0].childSubnetIds).toEqual([e]);
    });

    it('PL-98: 204 hosts in a /24 warn HIGH_UTILIZATION at 80.3 % with a split recommendation; 203 do not', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const high = await postPlanSubnet(me, plan.id, 'High', '10.0.0.0/24', {
        planning: { currentHosts: 204 },
      });
      expect(high.body.details.utilization.percentage).toBe(80.3);
      expect(high.body.validationResults.warnings).toEqual([
        { type: 'HIGH_UTILIZATION', message: 'High utilization: 80.3% of usable host addresses are in use.' },
      ]);
      const medium = await postPlanSubnet(me, plan.id, 'Medium', '10.0.1.0/24', {
        planning: { currentHosts: 203 },
      });
      expect(medium.body.details.utilization.percentage).toBe(79.9);
      expect(medium.body.validationResults.warnings).toEqual([]);
      const validation = (await me.call('GET', `/plans/${plan.id}`)).body.planValidation;
      expect(
        validation.recommendations.map((r: { subnetId: string; type: string }) => [r.subnetId, r.type]),
      ).toEqual([
        [high.body.id, 'SPLIT_SUBNET'],
        [high.body.id, 'PLAN_FOR_GROWTH'],
      ]);
    });

    it('PL-13: edits merge, an unknown subnet is 404, an address change with children is 409, cycles are refused', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const a = await addPlanSubnet(me, plan.id, 'A', '10.0.0.0/24');
      const renamed = await me.call('PATCH', `/plans/${plan.id}/subnets/${a}`, {
        name: 'Core',
        description: 'core net',
      });
      expect(renamed.body).toMatchObject({
        name: 'Core',
        description: 'core net',
        networkAddress: '10.0.0.0',
        cidr: 24,
      });
      const history = await me.call('GET', `/plans/${plan.id}/history?limit=1`);
      expect(history.body.items[0]).toMatchObject({
        action: 'update_subnet',
        description: 'Updated subnet "Core"',
        oldValue: { name: 'A', description: '' },
        newValue: { name: 'Core', description: 'core net' },
      });
      expect(
        (await me.call('PATCH', `/plans/${plan.id}/subnets/${randomUUID()}`, { name: 'x' })).body,
      ).toEqual({
        error: 'Subnet not found',
        code: 'not_found',
      });
      const hosts = await me.call('PATCH', `/plans/${plan.id}/subnets/${a}`, {
        planning: { currentHosts: 300 },
      });
      expect(hosts.status).toBe(400);
      expect(hosts.body.error).toBe('Current hosts (300) exceed available host addresses (254).');
      const child = await addPlanSubnet(me, plan.id, 'C', '10.0.0.0/25', { parentSubnetId: a });
      const move = await me.call('PATCH', `/plans/${plan.id}/subnets/${a}`, { cidr: 23 });
      expect(move.status).toBe(409);
      expect(move.body).toEqual({
        error: 'Delete or move its child subnets first.',
        code: 'plan_subnet_has_children',
      });
      const cycle = await me.call('PATCH', `/plans/${plan.id}/subnets/${a}`, { parentSubnetId: child });
      expect(cycle.status).toBe(400);
      const self = await me.call('PATCH', `/plans/${plan.id}/subnets/${a}`, { parentSubnetId: a });
      expect(self.status).toBe(400);
      const leaf = await me.call('PATCH', `/plans/${plan.id}/subnets/${child}`, {
        networkAddress: '10.0.0.128',
      });
      expect(leaf.body).toMatchObject({ networkAddress: '10.0.0.128', parentSubnetId: a });
      const outside = await me.call('PATCH', `/plans/${plan.id}/subnets/${child}`, {
        networkAddress: '10.0.1.0',
      });
      expect(outside.body.error).toBe('A child subnet must lie inside its parent 10.0.0.0/24.');
    });

    it('PL-13: moving a subnet with children and reserved addresses is the 409, not a reserved-address 400', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const a = await addPlanSubnet(me, plan.id, 'A', '10.0.0.0/24', {
        reservedAddresses: [{ address: '10.0.0.1', type: 'Gateway' }],
      });
      await addPlanSubnet(me, plan.id, 'C', '10.0.0.0/25', { parentSubnetId: a });
      for (const change of [{ networkAddress: '10.0.1.0' }, { cidr: 23 }, { cidr: 25 }]) {
        const move = await me.call('PATCH', `/plans/${plan.id}/subnets/${a}`, change);
        expect({ change, status: move.status, body: move.body }).toEqual({
          change,
          status: 409,
          body: { error: 'Delete or move its child subnets first.', code: 'plan_subnet_has_children' },
        });
      }
      // The same address written another way is no move.
      const same = await me.call('PATCH', `/plans/${plan.id}/subnets/${a}`, {
        networkAddress: '10.0.0.0',
        name: 'Core',
      });
      expect(same.status).toBe(200);
    });

    it('PL-2: planning without currentHosts counts 0; 1.5 hosts is not a whole number; a PATCH keeps the planning fields it does not send', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const added = await postPlanSubnet(me, plan.id, 'A', '10.0.0.0/24', {
        planning: { plannedGrowth: 40, notes: 'racks' },
      });
      expect(added.status).toBe(201);
      expect(added.body.planning).toEqual({
        currentHosts: 0,
        plannedGrowth: 40,
        notes: 'racks',
        recommendedSize: '/32',
      });
      const fraction = await postPlanSubnet(me, plan.id, 'B', '10.0.1.0/24', {
        planning: { currentHosts: 1.5 },
      });
      expect(fraction.status).toBe(400);
      expect(fraction.body).toMatchObject({
        error: 'Current hosts must be a whole number.',
        fields: { 'planning.currentHosts': 'Current hosts must be a whole number.' },
      });
      const edited = await me.call('PATCH', `/plans/${plan.id}/subnets/${added.body.id}`, {
        planning: { currentHosts: 12 },
      });
      expect(edited.body.planning).toMatchObject({ currentHosts: 12, plannedGrowth: 40, notes: 'racks' });
    });

    it('PL-99, PL-14: deleting A removes its subtree in one write with one history entry', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const a = await addPlanSubnet(me, plan.id, 'A', '10.0.0.0/24');
      const e = await addPlanSubnet(me, plan.id, 'E', '10.0.0.128/25', { parentSubnetId: a });
      const g = await addPlanSubnet(me, plan.id, 'G', '10.0.0.128/26', { parentSubnetId: e });
      const b = await addPlanSubnet(me, plan.id, 'B', '10.0.1.0/24');
      const before = (await me.call('GET', `/plans/${plan.id}`)).body.version;
      expect(
        (await me.call('DELETE', `/plans/${plan.id}/subnets/${a}`, { expectedVersion: before })).status,
      ).toBe(204);
      const after = (await me.call('GET', `/plans/${plan.id}`)).body;
      expect(after.subnets.map((s: { id: string }) => s.id)).toEqual([b]);
      expect(after.version).toBe(before + 1);
      const history = await me.call('GET', `/plans/${plan.id}/history?limit=1`);
      expect(history.body.items[0]).toMatchObject({
        action: 'delete_subnet',
        description: 'Deleted subnet "A" and 2 child subnet(s)',
        affectedSubnetIds: [a, expect.any(String), expect.any(String)],
      });
      expect([...history.body.items[0].affectedSubnetIds].sort()).toEqual([a, e, g].sort());
      expect((await me.call('DELETE', `/plans/${plan.id}/subnets/${a}`)).status).toBe(404);
    });

    it('PL-104: a stale edit after someone else’s delete is refused with version_conflict', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      const a = await addPlanSubnet(me, plan.id, 'A', '10.0.0.0/24');
      const b = await addPlanSubnet(me, plan.id, 'B', '10.0.1.0/24');
      const seen = (await me.call('GET', `/plans/${plan.id}`)).body.version;
      await me.call('DELETE', `/plans/${plan.id}/subnets/${b}`);
      const stale = await me.call('PATCH', `/plans/${plan.id}/subnets/${a}`, {
        name: 'Mine',
        expectedVersion: seen,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('version_conflict');
    });

    it('PL-105, PL-21: a Free-tier account plans and validates IPv6 subnets (no tier gating)', async () => {
      const me = await accountSession(t.current, { tier: 0 });
      const plan = await postPlan(me, { name: 'v6' });
      const site = await addPlanSubnet(me, plan.id, 'Site', '2001:db8::/48');
      await addPlanSubnet(me, plan.id, 'LAN', '2001:db8:0:1::/64', { parentSubnetId: site });
      const validated = await me.call('POST', `/plans/${plan.id}/validate`, {});
      expect(validated.status).toBe(200);
      expect(validated.body.isValid).toBe(true);
      expect(validated.body.gaps).toEqual([
        expect.objectContaining({
          type: 'unallocated_in_parent',
          version: 'IPv6',
          startAddress: '2001:db8::',
          endAddress: '2001:db8:0:0:ffff:ffff:ffff:ffff'.replace(
            '0:0:ffff:ffff:ffff:ffff',
            ':ffff:ffff:ffff:ffff',
          ),
          size: '18446744073709551616',
        }),
        expect.objectContaining({
          type: 'unallocated_in_parent',
          startAddress: '2001:db8:0:2::',
          endAddress: '2001:db8:0:ffff:ffff:ffff:ffff:ffff',
        }),
      ]);
    });
  });
}
