import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp } from '../../test/factories.js';
import {
  accountSession,
  addressFields,
  contextOf,
  createSubnetIn,
  postGroup,
  postSubnet,
  sessionFor,
} from '../../test/ipam-factories.js';
import { answering } from '../../test/scan-hosts.js';
import { scannerFor } from '../../test/scan-factories.js';
import { setAddress, writeAddressesIn } from '../addresses/address-writes.js';
import { runChange } from '../commands/change.js';

const inUse = { status: 'In Use', description: '', allowScannerUpdate: false };

for (const dialect of DIALECTS) {
  describeOn(dialect)(`dashboard route (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('answers zeros and nothing else for an empty account', async () => {
      const me = await accountSession(t.current);
      const response = await me.call('GET', '/dashboard');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        totalSubnets: 0,
        totalGroups: 0,
        maxNetworks: 2,
        addressTotals: [],
        fullestSubnets: [],
        pendingApprovals: { total: 0, subnets: [] },
        latestChanges: [],
        staleAddresses: { total: 0, items: [] },
      });
    });

    it('counts addresses by status, ranks the fullest subnets with warnings and lists approvals and changes', async () => {
      const me = await accountSession(t.current, { tier: 1, maxnetworks: 10 });
      const group = await postGroup(me, 'Core');
      const small = (await postSubnet(me, group.id, '10.0.0.0/29', { name: 'Small' })).body; // 6 hosts
      const mid = (await postSubnet(me, group.id, '10.0.1.0/28', { name: 'Mid' })).body; // 14 hosts
      const empty = (await postSubnet(me, group.id, '10.0.2.0/24', { name: 'Empty' })).body; // 254
      const v6 = (await postSubnet(me, group.id, '2001:db8::/120', { name: 'V6' })).body; // 256
      for (let i = 1; i <= 5; i++) {
        await me.call('PUT', `/subnets/${small.id}/addresses/10.0.0.${i}`, { ...inUse, hostname: `s${i}` });
      }
      for (let i = 1; i <= 12; i++) {
        const status = i <= 10 ? 'In Use' : 'Reserved';
        await me.call('PUT', `/subnets/${mid.id}/addresses/10.0.1.${i}`, { ...inUse, status, hostname: '' });
      }
      // Written, then made Available again: it is Available, not In Use.
      await me.call('PUT', `/subnets/${mid.id}/addresses/10.0.1.13`, { ...inUse, hostname: 'gone' });
      await me.call('POST', `/subnets/${mid.id}/addresses/10.0.1.13/clear`);
      await me.call('PUT', `/subnets/${v6.id}/addresses/2001:db8::1`, { ...inUse, hostname: 'v6' });
      for (const scanned of [empty, small]) {
        const patched = await me.call('PATCH', `/subnets/${scanned.id}`, {
          scanningType: 'approval',
          scanFrequency: 24,
        });
        expect(patched.status).toBe(200);
      }
      const scanner = await scannerFor(await contextOf(t.current.db, me), [empty.id, small.id]);
      await scanner.report(empty.id, [answering('10.0.2.1'), answering('10.0.2.2')]);
      await scanner.report(small.id, [answering('10.0.0.6')]);

      const response = await me.call('GET', '/dashboard');
      expect(response.status).toBe(200);
      const body = response.body;
      expect(body).toMatchObject({ totalSubnets: 4, totalGroups: 1, maxNetworks: 10 });
      expect(body.addressTotals).toEqual([
        { version: 4, subnets: 3, total: 6 + 14 + 254, inUse: 15, reserved: 2, available: 274 - 17 },
        { version: 6, subnets: 1, total: 256, inUse: 1, reserved: 0, available: 255 },
      ]);
      expect(body.fullestSubnets.map((s: { name: string }) => s.name)).toEqual([
        'Mid',
        'Small',
        'V6',
        'Empty',
      ]);
      expect(body.fullestSubnets[0]).toEqual({
        id: mid.id,
        name: 'Mid',
        cidr: '10.0.1.0/28',
        vrfName: 'Global', // issue 30: the dashboard names each subnet's VRF
        groupId: group.id,
        used: 12,
        listed: 14,
        usedPercent: 86,
        warning: {
          type: 'HIGH_UTILIZATION',
          message: 'High utilization: 85.7% of usable host addresses are in use.',
        },
      });
      expect(body.fullestSubnets[1]).toMatchObject({
        used: 5,
        listed: 6,
        usedPercent: 83,
        warning: { type: 'HIGH_UTILIZATION' },
      });
      expect(body.fullestSubnets[3]).toMatchObject({ usedPercent: 0, warning: null });
      expect(body.pendingApprovals).toEqual({
        total: 3,
        subnets: [
          { subnetId: empty.id, name: 'Empty', cidr: '10.0.2.0/24', count: 2 },
          { subnetId: small.id, name: 'Small', cidr: '10.0.0.0/29', count: 1 },
        ],
      });
      expect(body.latestChanges).toHaveLength(8);
      expect(body.latestChanges[0]).toMatchObject({
        action: 'update',
        entity: 'scan',
        subnetId: small.id,
        actor: 'scanner Test scanner',
      });
      const newest = await me.call('GET', '/audit?limit=8');
      expect(body.latestChanges).toEqual(newest.body.items);
    });

    it('warns of very high use above 90 % and counts a /8 without reading its rows', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const ctx = await contextOf(t.current.db, me);
      const full = await createSubnetIn(ctx, '10.1.0.0/28');
      await runChange(ctx, (change) =>
        writeAddressesIn(
          change,
          ctx,
          full,
          Array.from({ length: 13 }, (_, i) => ({
            value: full.prefix.network + BigInt(i + 1),
            change: () => ({
              status: 'Reserved' as const,
              hostname: '',
              description: '',
              allowScannerUpdate: false,
            }),
          })),
        ),
      );
      const huge = await createSubnetIn(ctx, '11.0.0.0/8');
      await setAddress(ctx, huge.id, '11.0.0.1', addressFields({ status: 'In Use' }));
      const body = (await me.call('GET', '/dashboard')).body;
      expect(body.fullestSubnets[0]).toMatchObject({
        id: full.id,
        usedPercent: 93,
        warning: {
          type: 'VERY_HIGH_UTILIZATION',
          message: 'Very high utilization: 92.9% of usable host addresses are in use.',
        },
      });
      expect(body.addressTotals).toEqual([
        { version: 4, subnets: 2, total: 14 + 16_777_214, inUse: 1, reserved: 13, available: 16_777_214 },
      ]);
    });

    it('ranks the fullest by exact share across versions, ties by name, among more subnets than it reads (issue 35)', async () => {
      const me = await accountSession(t.current, { tier: 1, maxnetworks: 100 });
      const ctx = await contextOf(t.current.db, me);
      // 55 empty /24s made in reverse name order: the database's row order is not the name order, and
      // more of them tie at 0 % than the ten-times-five candidates the query reads.
      for (let i = 54; i >= 0; i--) {
        await createSubnetIn(ctx, `10.2.${i}.0/24`, { name: `Net ${String(i).padStart(2, '0')}` });
      }
      await createSubnetIn(ctx, '10.3.0.0/24', { name: 'net 00' });
      const half = await createSubnetIn(ctx, '10.4.0.0/30', { name: 'Zulu half' }); // 2 usable
      await setAddress(ctx, half.id, '10.4.0.1', addressFields({ status: 'In Use' }));
      const v6 = await createSubnetIn(ctx, '2001:db8::/124', { name: 'Yankee v6' }); // 16 addresses
      for (let i = 0; i < 12; i++) {
        await setAddress(ctx, v6.id, `2001:db8::${i.toString(16)}`, addressFields({ status: 'Reserved' }));
      }
      // One address of 2^24: a share of 6e-8, above the empty ones all the same.
      const wide = await createSubnetIn(ctx, '2001:db8:1::/104', { name: 'Alpha wide v6' });
      await setAddress(ctx, wide.id, '2001:db8:1::1', addressFields({ status: 'In Use' }));
      const body = (await me.call('GET', '/dashboard')).body;
      expect(body.fullestSubnets.map((s: { name: string }) => s.name)).toEqual([
        'Yankee v6',
        'Zulu half',
        'Alpha wide v6',
        'Net 00',
        'net 00',
      ]);
      expect(body.addressTotals).toEqual([
        { version: 4, subnets: 57, total: 56 * 254 + 2, inUse: 1, reserved: 0, available: 56 * 254 + 1 },
        { version: 6, subnets: 2, total: 2 ** 24 + 16, inUse: 1, reserved: 12, available: 2 ** 24 + 3 },
      ]);
    });

    it('counts only leaves: a container holds no addresses of its own (issue 30)', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      expect((await postSubnet(me, group.id, '10.0.0.0/16', { kind: 'container' })).status).toBe(201);
      expect((await postSubnet(me, group.id, '10.0.1.0/24')).status).toBe(201);
      const body = (await me.call('GET', '/dashboard')).body;
      expect(body.addressTotals).toEqual([
        { version: 4, subnets: 1, total: 254, inUse: 0, reserved: 0, available: 254 },
      ]);
      expect(body.fullestSubnets.map((s: { cidr: string }) => s.cidr)).toEqual(['10.0.1.0/24']);
    });

    it("shows a member the account's dashboard, and an outsider nothing of it", async () => {
      const owner = await accountSession(t.current, { tier: 1 });
      const email = uniqueEmail('member');
      await owner.call('POST', '/invites', { email });
      const memberUser = await signUp(t.current, email);
      const member = sessionFor(memberUser.client, { ...memberUser, accountId: owner.accountId });
      await postGroup(owner, 'Seen by both');
      const outsider = await accountSession(t.current);

      const seen = await member.call('GET', '/dashboard');
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({ totalGroups: 1, totalSubnets: 0 });
      const refused = await outsider.client.get(`/api/accounts/${owner.accountId}/dashboard`);
      expect(refused.status).toBe(404);
      expect((await outsider.call('GET', '/dashboard')).body.totalGroups).toBe(0);
      expect((await t.current.client().get(`/api/accounts/${owner.accountId}/dashboard`)).status).toBe(401);
    });
  });
}
