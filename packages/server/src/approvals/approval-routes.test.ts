import { expect, it } from 'vitest';
import { parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp, type TestApp } from '../../test/factories.js';
import {
  accountSession,
  addressFields,
  contextOf,
  inUseFields,
  postGroup,
  postSubnet,
  rowsOfSubnet,
  type AccountSession,
} from '../../test/ipam-factories.js';
import { answering, silent, type SeenHost } from '../../test/scan-hosts.js';
import { scannerFor } from '../../test/scan-factories.js';
import { findStored } from '../addresses/address-repository.js';
import { setAddress } from '../addresses/address-writes.js';
import { pageAudit } from '../audit/audit-repository.js';

async function approvalSubnet(me: AccountSession, cidr: string): Promise<string> {
  const group = await postGroup(me, `G ${cidr}`);
  const created = await postSubnet(me, group.id, cidr, { scanningType: 'approval', scanFrequency: 24 });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** What a scan by a scanner of the account saw in the subnet (its differences become approval entries). */
async function scan(t: TestApp, me: AccountSession, subnetId: string, hosts: readonly SeenHost[]) {
  const scanner = await scannerFor(await contextOf(t.db, me), [subnetId]);
  return scanner.report(subnetId, hosts);
}

/** The subnet's pending entries as the API lists them (address order). */
async function pending(me: AccountSession, subnetId: string): Promise<{ id: string; ipAddress: string }[]> {
  const list = await me.call('GET', `/subnets/${subnetId}/approvals`);
  expect(list.status).toBe(200);
  return list.body.items;
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
      const ctx = await contextOf(t.current.db, me);
      await setAddress(ctx, subnetId, '10.0.0.20', inUseFields('printer'));
      await setAddress(ctx, subnetId, '10.0.0.100', addressFields({ status: 'Reserved', hostname: 'lab' }));
      const found = await scan(t.current, me, subnetId, [
        silent('10.0.0.20'),
        answering('10.0.0.3'),
        answering('10.0.0.100', 'found.lan'),
      ]);
      expect(found).toEqual({ applied: 0, approvals: 3, done: true });
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
          changes: [{ field: 'status', now: 'Available', confirm: 'In Use' }],
          seenAlive: true,
          seenHostname: '',
          seenMac: null,
          seenAt: expect.any(String),
          seenBy: expect.any(String),
        },
        {
          id: expect.any(String),
          ipAddress: '10.0.0.20',
          status: 'In Use',
          hostname: '',
          description: '',
          recommendation: 'Available',
          changes: [
            { field: 'status', now: 'In Use', confirm: 'Available' },
            { field: 'hostname', now: 'printer', confirm: '' },
          ],
          seenAlive: false,
          seenHostname: '',
          seenMac: null,
          seenAt: expect.any(String),
          seenBy: expect.any(String),
        },
        {
          id: expect.any(String),
          ipAddress: '10.0.0.100',
          status: 'Reserved',
          hostname: 'found.lan',
          description: '',
          recommendation: 'In Use',
          changes: [
            { field: 'status', now: 'Reserved', confirm: 'In Use' },
            { field: 'hostname', now: 'lab', confirm: 'found.lan' },
          ],
          seenAlive: true,
          seenHostname: 'found.lan',
          seenMac: null,
          seenAt: expect.any(String),
          seenBy: expect.any(String),
        },
      ]);
      // A rescan replaces the entry for the same address (in any spelling) and leaves the others.
      await scan(t.current, me, subnetId, [answering(' 10.0.0.3 ', 'new.lan')]);
      const again = (await me.call('GET', `/subnets/${subnetId}/approvals`)).body.items;
      expect(
        again.map((a: { ipAddress: string; hostname: string }) => `${a.ipAddress} ${a.hostname}`),
      ).toEqual(['10.0.0.3 new.lan', '10.0.0.20 ', '10.0.0.100 found.lan']);
      expect(again[0].id).not.toBe(list.body.items[0].id);
    });

    it('refuses a scan with an address outside the subnet, its network or broadcast, or not an address', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.1.0.0/24');
      const bad = [
        ['10.1.1.5', messages.addressOutsideSubnet('10.1.0.0/24')],
        ['10.1.0.255', messages.broadcastAddressNotHost('10.1.0.255', '10.1.0.0/24')],
        ['10.1.0.0', messages.networkAddressNotHost('10.1.0.0', '10.1.0.0/24')],
        ['10.1.0.x', messages.invalidIPv4],
      ] as const;
      for (const [ip, message] of bad) {
        await expect(scan(t.current, me, subnetId, [answering('10.1.0.5'), answering(ip)])).rejects.toThrow(
          message,
        );
      }
      expect(await rowsOfSubnet(t.current.db, 'approvals', subnetId)).toBe(0);
    });

    it('Confirm writes the flipped status (hostname emptied for Available) and removes the entry', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.2.0.0/24');
      const ctx = await contextOf(t.current.db, me);
      await setAddress(ctx, subnetId, '10.2.0.5', inUseFields('old-host', 'kept'));
      await setAddress(
        ctx,
        subnetId,
        '10.2.0.7',
        addressFields({ status: 'Reserved', hostname: 'typed-name' }),
      );
      // Gone from the network; found with a name; answering without a name.
      await scan(t.current, me, subnetId, [
        silent('10.2.0.5'),
        answering('10.2.0.6', 'new-host'),
        answering('10.2.0.7'),
      ]);
      const entries = await pending(me, subnetId);
      expect(entries.map((entry) => entry.ipAddress)).toEqual(['10.2.0.5', '10.2.0.6', '10.2.0.7']);
      for (const entry of entries) {
        const response = await me.call('POST', `/subnets/${subnetId}/approvals/${entry.id}/confirm`);
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
      expect(await pending(me, subnetId)).toEqual([]);
      const again = await me.call('POST', `/subnets/${subnetId}/approvals/${entries[0]?.id}/confirm`);
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
      await scan(t.current, me, subnetId, [answering('10.3.0.9')]);
      const [entry] = await pending(me, subnetId);
      const response = await me.call('POST', `/subnets/${subnetId}/approvals/${entry?.id}/ignore`);
      expect(response.body).toEqual({ settled: 1 });
      // Nobody wrote it: the row holds only what the scan saw (issue 33), still the virtual Available.
      expect(await stored(t.current, subnetId, '10.3.0.9')).toMatchObject({
        status: 'Available',
        hostname: '',
        updatedDate: null,
        lastSeenBy: 'Test scanner',
      });
      expect(await rowsOfSubnet(t.current.db, 'approvals', subnetId)).toBe(0);
      const history = await pageAudit(t.current.db, me.accountId, { subnetId, limit: 50 });
      expect(history.find((e) => e.entity === 'scan')).toMatchObject({
        userId: null,
        actor: 'scanner Test scanner',
        after: { hosts: 1, alive: 1, applied: 0, approvals: 1 },
      });
      expect(history.find((e) => e.entity === 'approval-ignored')).toMatchObject({
        entityId: entry?.id,
        userId: me.userId,
        before: { ipAddress: '10.3.0.9', status: 'Available', recommendation: 'In Use' },
      });
    });

    it('Confirm All and Ignore All settle every entry of the subnet and no other', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '2001:db8::/120');
      const otherSubnetId = await approvalSubnet(me, '10.4.0.0/24');
      await scan(t.current, me, otherSubnetId, [answering('10.4.0.1')]);
      const addresses = ['2001:db8::1', '2001:db8::2', '2001:db8::ff'];
      await scan(
        t.current,
        me,
        subnetId,
        addresses.map((ip) => answering(ip, `h${ip.slice(-1)}`)),
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

      await scan(t.current, me, subnetId, [silent('2001:db8::1')]);
      const ignored = await me.call('POST', `/subnets/${subnetId}/approvals/ignore-all`);
      expect(ignored.body).toEqual({ settled: 1 });
      expect(await stored(t.current, subnetId, '2001:db8::1')).toMatchObject({ status: 'In Use' });
      expect(await rowsOfSubnet(t.current.db, 'approvals', otherSubnetId)).toBe(1);
    });

    it('applies an entry once when two people confirm it at the same time', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.5.0.0/24');
      await scan(t.current, me, subnetId, [answering('10.5.0.5')]);
      const [entry] = await pending(me, subnetId);
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
      await scan(t.current, other, theirSubnet, [answering('10.6.0.1')]);
      await scan(t.current, me, mySubnet, [answering('10.6.0.1')]);
      const [theirs] = await pending(other, theirSubnet);
      const [mine] = await pending(me, mySubnet);
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
      expect(await stored(t.current, theirSubnet, '10.6.0.1')).toMatchObject({
        status: 'Available',
        updatedDate: null,
      });
    });
  });
}
