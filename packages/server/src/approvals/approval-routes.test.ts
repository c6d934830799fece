import { expect, it } from 'vitest';
import { parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp, type TestApp } from '../../test/factories.js';
import {
  accountSession,
  contextOf,
  postGroup,
  postSubnet,
  rowsOfSubnet,
  type AccountSession,
} from '../../test/ipam-factories.js';
import { findStored } from '../addresses/address-repository.js';
import { setAddress } from '../addresses/address-writes.js';
import { pageAudit } from '../audit/audit-repository.js';
import { createApprovals } from './approvals.js';

async function approvalSubnet(me: AccountSession, cidr: string): Promise<string> {
  const group = await postGroup(me, `G ${cidr}`);
  const created = await postSubnet(me, group.id, cidr, { scanningType: 'approval', scanFrequency: 24 });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** The stored address, or undefined when it was never written (a virtual Available row). */
async function stored(t: TestApp, subnetId: string, ip: string) {
  const parsed = parseAddress(ip);
  if (!parsed) throw new Error(`bad test address ${ip}`);
  return findStored(t.db, { id: subnetId, version: parsed.version }, parsed.value);
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`approval routes (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('lists entries in address order with the spec recommendation', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.0.0.0/24');
      const created = await createApprovals(t.current.db, subnetId, [
        { ipAddress: '10.0.0.20', status: 'In Use', hostname: 'printer' },
        { ipAddress: '10.0.0.3', status: 'Available' },
        { ipAddress: '10.0.0.100', status: 'Reserved', description: 'found' },
      ]);
      expect(created).toHaveLength(3);
      const list = await me.call('GET', `/subnets/${subnetId}/approvals`);
      expect(list.status).toBe(200);
      expect(list.body.items).toEqual([
        {
          id: expect.any(String),
          ipAddress: '10.0.0.3',
          status: 'Available',
          hostname: '',
          description: '',
          recommendation: 'In Use',
        },
        {
          id: expect.any(String),
          ipAddress: '10.0.0.20',
          status: 'In Use',
          hostname: 'printer',
          description: '',
          recommendation: 'Available',
        },
        {
          id: expect.any(String),
          ipAddress: '10.0.0.100',
          status: 'Reserved',
          hostname: '',
          description: 'found',
          recommendation: 'In Use',
        },
      ]);
      // A rescan replaces the entry for the same address (in any spelling).
      await createApprovals(t.current.db, subnetId, [{ ipAddress: ' 10.0.0.3 ', status: 'In Use' }]);
      const again = await me.call('GET', `/subnets/${subnetId}/approvals`);
      expect(
        again.body.items.map((a: { ipAddress: string; status: string }) => `${a.ipAddress} ${a.status}`),
      ).toEqual(['10.0.0.3 In Use', '10.0.0.20 In Use', '10.0.0.100 Reserved']);
    });

    it('refuses entries outside the subnet, with unknown statuses or overlong text', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.1.0.0/24');
      const bad = [
        [{ ipAddress: '10.1.1.5', status: 'In Use' }, messages.addressOutsideSubnet('10.1.0.0/24')],
        [
          { ipAddress: '10.1.0.255', status: 'In Use' },
          messages.broadcastAddressNotHost('10.1.0.255', '10.1.0.0/24'),
        ],
        [
          { ipAddress: '10.1.0.0', status: 'In Use' },
          messages.networkAddressNotHost('10.1.0.0', '10.1.0.0/24'),
        ],
        [{ ipAddress: '10.1.0.x', status: 'In Use' }, messages.invalidIPv4],
      ] as const;
      // Unknown statuses and overlong texts are refused by core's approvalEntrySchema (its own tests).
      for (const [entry, message] of bad) {
        await expect(createApprovals(t.current.db, subnetId, [entry])).rejects.toThrow(message);
      }
      expect(await rowsOfSubnet(t.current.db, 'approvals', subnetId)).toBe(0);
    });

    it('Confirm writes the flipped status (hostname emptied for Available) and removes the entry', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.2.0.0/24');
      const ctx = await contextOf(t.current.db, me);
      await setAddress(ctx, subnetId, '10.2.0.5', {
        status: 'In Use',
        hostname: 'old-host',
        description: 'kept',
      });
      await setAddress(ctx, subnetId, '10.2.0.7', { status: 'Reserved', hostname: 'typed-name' });
      const [gone, found, unnamed] = await createApprovals(t.current.db, subnetId, [
        { ipAddress: '10.2.0.5', status: 'In Use', hostname: 'old-host' },
        { ipAddress: '10.2.0.6', status: 'Available', hostname: 'new-host' },
        { ipAddress: '10.2.0.7', status: 'Reserved', hostname: '' },
      ]);
      for (const entry of [gone, found, unnamed]) {
        const response = await me.call('POST', `/subnets/${subnetId}/approvals/${entry?.id}/confirm`);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ settled: 1 });
      }
      expect(await stored(t.current, subnetId, '10.2.0.5')).toMatchObject({
        status: 'Available',
        hostname: '',
        description: 'kept',
        updatedBy: me.userId,
      });
      expect(await stored(t.current, subnetId, '10.2.0.6')).toMatchObject({
        status: 'In Use',
        hostname: 'new-host',
      });
      expect(await stored(t.current, subnetId, '10.2.0.7')).toMatchObject({
        status: 'In Use',
        hostname: 'typed-name',
      });
      expect((await me.call('GET', `/subnets/${subnetId}/approvals`)).body.items).toEqual([]);
      const again = await me.call('POST', `/subnets/${subnetId}/approvals/${gone?.id}/confirm`);
      expect(again.status).toBe(404);
      const history = await pageAudit(t.current.db, me.accountId, { subnetId, limit: 50 });
      expect(history.filter((e) => e.entity === 'approval-confirmed')).toHaveLength(3);
      expect(history.find((e) => e.entity === 'address' && e.entityId === '10.2.0.6')).toMatchObject({
        userId: me.userId,
        before: { status: 'Available' },
        after: { status: 'In Use', hostname: 'new-host' },
      });
    });

    it('Ignore removes the entry only', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.3.0.0/24');
      const [entry] = await createApprovals(t.current.db, subnetId, [
        { ipAddress: '10.3.0.9', status: 'Available' },
      ]);
      const response = await me.call('POST', `/subnets/${subnetId}/approvals/${entry?.id}/ignore`);
      expect(response.body).toEqual({ settled: 1 });
      expect(await stored(t.current, subnetId, '10.3.0.9')).toBeUndefined();
      expect(await rowsOfSubnet(t.current.db, 'approvals', subnetId)).toBe(0);
      const history = await pageAudit(t.current.db, me.accountId, { subnetId, limit: 50 });
      expect(history.find((e) => e.entity === 'approval' && e.action === 'create')).toMatchObject({
        entityId: entry?.id,
        userId: null,
        after: { ipAddress: '10.3.0.9', status: 'Available', recommendation: 'In Use' },
      });
      expect(history.find((e) => e.entity === 'approval-ignored')).toMatchObject({
        entityId: entry?.id,
        userId: me.userId,
        before: { ipAddress: '10.3.0.9', status: 'Available' },
      });
    });

    it('Confirm All and Ignore All settle every entry of the subnet and no other', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '2001:db8::/120');
      const otherSubnetId = await approvalSubnet(me, '10.4.0.0/24');
      await createApprovals(t.current.db, otherSubnetId, [{ ipAddress: '10.4.0.1', status: 'Available' }]);
      const addresses = ['2001:db8::1', '2001:db8::2', '2001:db8::ff'];
      await createApprovals(
        t.current.db,
        subnetId,
        addresses.map((ipAddress) => ({
          ipAddress,
          status: 'Available',
          hostname: `h${ipAddress.slice(-1)}`,
        })),
      );
      const confirmed = await me.call('POST', `/subnets/${subnetId}/approvals/confirm-all`);
      expect(confirmed.body).toEqual({ settled: 3 });
      for (const ip of addresses) {
        expect(await stored(t.current, subnetId, ip)).toMatchObject({
          status: 'In Use',
          hostname: `h${ip.slice(-1)}`,
        });
      }
      expect(await rowsOfSubnet(t.current.db, 'approvals', subnetId)).toBe(0);
      expect(await rowsOfSubnet(t.current.db, 'approvals', otherSubnetId)).toBe(1);
      expect((await me.call('POST', `/subnets/${subnetId}/approvals/confirm-all`)).body).toEqual({
        settled: 0,
      });

      await createApprovals(t.current.db, subnetId, [{ ipAddress: '2001:db8::1', status: 'In Use' }]);
      const ignored = await me.call('POST', `/subnets/${subnetId}/approvals/ignore-all`);
      expect(ignored.body).toEqual({ settled: 1 });
      expect(await stored(t.current, subnetId, '2001:db8::1')).toMatchObject({ status: 'In Use' });
      expect(await rowsOfSubnet(t.current.db, 'approvals', otherSubnetId)).toBe(1);
    });

    it('applies an entry once when two people confirm it at the same time', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.5.0.0/24');
      const [entry] = await createApprovals(t.current.db, subnetId, [
        { ipAddress: '10.5.0.5', status: 'Available' },
      ]);
      const path = `/subnets/${subnetId}/approvals/${entry?.id}/confirm`;
      const results = await Promise.all([me.call('POST', path), me.call('POST', path)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
      const history = await pageAudit(t.current.db, me.accountId, { subnetId, limit: 50 });
      expect(history.filter((e) => e.entity === 'address')).toHaveLength(1);
    });

    it("answers 404 for another account's approval or one of another subnet, and keeps it", async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const other = await accountSession(t.current, { tier: 1 });
      const mySubnet = await approvalSubnet(me, '10.6.0.0/24');
      const mySecond = await approvalSubnet(me, '10.7.0.0/24');
      const theirSubnet = await approvalSubnet(other, '10.6.0.0/24');
      const [theirs] = await createApprovals(t.current.db, theirSubnet, [
        { ipAddress: '10.6.0.1', status: 'Available' },
      ]);
      const [mine] = await createApprovals(t.current.db, mySubnet, [
        { ipAddress: '10.6.0.1', status: 'Available' },
      ]);
      const attempts = [
        `/subnets/${mySubnet}/approvals/${theirs?.id}/confirm`,
        `/subnets/${mySubnet}/approvals/${theirs?.id}/ignore`,
        `/subnets/${theirSubnet}/approvals/${theirs?.id}/confirm`,
        `/subnets/${theirSubnet}/approvals/confirm-all`,
        `/subnets/${theirSubnet}/approvals/ignore-all`,
        `/subnets/${mySecond}/approvals/${mine?.id}/ignore`,
      ];
      for (const path of attempts) {
        const response = await me.call('POST', path);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
      }
      expect((await me.call('GET', `/subnets/${theirSubnet}/approvals`)).status).toBe(404);
      expect(await rowsOfSubnet(t.current.db, 'approvals', theirSubnet)).toBe(1);
      expect(await rowsOfSubnet(t.current.db, 'approvals', mySubnet)).toBe(1);
      expect(await stored(t.current, theirSubnet, '10.6.0.1')).toBeUndefined();
    });
  });
}
