import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp, type TestApp } from '../../test/factories.js';
import {
  accountSession,
  addressFields,
  contextOf,
  inUseFields,
  postGroup,
  postSubnet,
  type AccountSession,
} from '../../test/ipam-factories.js';
import { answering, silent, type SeenHost } from '../../test/scan-hosts.js';
import { scannerFor } from '../../test/scan-factories.js';
import { setAddress } from '../addresses/address-writes.js';
import { pageAudit } from '../audit/audit-repository.js';

const MAC = 'aa:bb:cc:dd:ee:01';

interface Entry {
  id: string;
  ipAddress: string;
  changes: { field: string; now: string; confirm: string }[];
  seenBy: string | null;
  seenMac: string | null;
}

async function approvalSubnet(me: AccountSession, cidr: string): Promise<string> {
  const group = await postGroup(me, `G ${cidr}`);
  const created = await postSubnet(me, group.id, cidr, { scanningType: 'approval', scanFrequency: 24 });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function scan(t: TestApp, me: AccountSession, subnetId: string, hosts: readonly SeenHost[]) {
  const scanner = await scannerFor(await contextOf(t.db, me), [subnetId]);
  return scanner.report(subnetId, hosts);
}

async function pending(me: AccountSession, subnetId: string): Promise<Entry[]> {
  const list = await me.call('GET', `/subnets/${subnetId}/approvals`);
  expect(list.status).toBe(200);
  return list.body.items;
}

async function address(me: AccountSession, subnetId: string, ip: string) {
  const response = await me.call('GET', `/subnets/${subnetId}/addresses/${ip}`);
  expect(response.status).toBe(200);
  return response.body;
}

async function withdrawals(t: TestApp, me: AccountSession, subnetId: string) {
  const history = await pageAudit(t.db, me.accountId, { subnetId, limit: 100 });
  return history.filter((entry) => entry.entity === 'approval-withdrawn');
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`approvals a person can trust (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('shows per field the value now and what Confirm writes, and Confirm writes nothing else', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.40.0.0/24');
      const ctx = await contextOf(t.current.db, me);
      // A hand-typed name on an Available address; the scan sees the host without a name.
      await setAddress(
        ctx,
        subnetId,
        '10.40.0.5',
        addressFields({ status: 'Available', hostname: 'typed-by-hand' }),
      );
      await setAddress(ctx, subnetId, '10.40.0.6', inUseFields('old-box'));
      await setAddress(ctx, subnetId, '10.40.0.7', inUseFields(''));
      await scan(t.current, me, subnetId, [
        { ...answering('10.40.0.5'), mac: MAC },
        silent('10.40.0.6'),
        silent('10.40.0.7'),
      ]);
      const [kept, erased, nameless] = await pending(me, subnetId);
      expect(kept).toMatchObject({
        ipAddress: '10.40.0.5',
        seenMac: MAC,
        seenBy: expect.any(String),
        changes: [
          { field: 'status', now: 'Available', confirm: 'In Use' },
          { field: 'mac', now: MAC, confirm: MAC },
        ],
      });
      // "Change to Available" shows that the hostname old-box will be erased; with no name, nothing is.
      expect(erased?.changes).toEqual([
        { field: 'status', now: 'In Use', confirm: 'Available' },
        { field: 'hostname', now: 'old-box', confirm: '' },
      ]);
      expect(nameless?.changes).toEqual([{ field: 'status', now: 'In Use', confirm: 'Available' }]);
      for (const entry of [kept, erased]) {
        const confirmed = await me.call('POST', `/subnets/${subnetId}/approvals/${entry?.id}/confirm`);
        expect(confirmed.status).toBe(200);
      }
      expect(await address(me, subnetId, '10.40.0.5')).toMatchObject({
        status: 'In Use',
        hostname: 'typed-by-hand',
        mac: MAC,
      });
      expect(await address(me, subnetId, '10.40.0.6')).toMatchObject({ status: 'Available', hostname: '' });
    });

    it('Ignore holds across two scans and the finding comes back when the observation changes', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.41.0.0/24');
      const seen = { ...answering('10.41.0.9', 'cam.lan'), mac: MAC };
      await scan(t.current, me, subnetId, [seen]);
      const [entry] = await pending(me, subnetId);
      expect((await me.call('POST', `/subnets/${subnetId}/approvals/${entry?.id}/ignore`)).status).toBe(200);
      expect(await scan(t.current, me, subnetId, [seen])).toMatchObject({ approvals: 0 });
      expect(await scan(t.current, me, subnetId, [seen])).toMatchObject({ approvals: 0 });
      expect(await pending(me, subnetId)).toEqual([]);
      // Another name (or MAC, or the host going silent) is a new observation.
      await scan(t.current, me, subnetId, [{ ...seen, hostname: 'cam2.lan' }]);
      expect((await pending(me, subnetId)).map((e) => e.ipAddress)).toEqual(['10.41.0.9']);
      // Ignored again, then a person edits the address: the next scan of the same host brings it back.
      const [again] = await pending(me, subnetId);
      await me.call('POST', `/subnets/${subnetId}/approvals/${again?.id}/ignore`);
      await scan(t.current, me, subnetId, [{ ...seen, hostname: 'cam2.lan' }]);
      expect(await pending(me, subnetId)).toEqual([]);
      const ctx = await contextOf(t.current.db, me);
      await setAddress(
        ctx,
        subnetId,
        '10.41.0.9',
        addressFields({ status: 'Available', description: 'checked' }),
      );
      await scan(t.current, me, subnetId, [{ ...seen, hostname: 'cam2.lan' }]);
      expect((await pending(me, subnetId)).map((e) => e.ipAddress)).toEqual(['10.41.0.9']);
    });

    it('a recycled address: the hostname follows its PTR record within one scan, through approval or auto', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.44.0.0/24');
      const ctx = await contextOf(t.current.db, me);
      await setAddress(ctx, subnetId, '10.44.0.8', inUseFields('old-laptop.lan'));
      await setAddress(ctx, subnetId, '10.44.0.9', inUseFields('kept.lan'));
      await setAddress(
        ctx,
        subnetId,
        '10.44.0.10',
        addressFields({ status: 'In Use', hostname: 'pinned.lan', allowScannerUpdate: false }),
      );
      // The same name, no name, or an address closed to the scanner: nothing to propose.
      await scan(t.current, me, subnetId, [
        answering('10.44.0.8', 'new-desk.lan'),
        answering('10.44.0.9', 'kept.lan'),
        answering('10.44.0.10', 'someone-else.lan'),
        answering('10.44.0.11'),
      ]);
      const entries = await pending(me, subnetId);
      expect(entries.map((entry) => entry.ipAddress)).toEqual(['10.44.0.8', '10.44.0.11']);
      expect(entries[0]?.changes).toEqual([
        { field: 'status', now: 'In Use', confirm: 'In Use' },
        { field: 'hostname', now: 'old-laptop.lan', confirm: 'new-desk.lan' },
      ]);
      const confirmed = await me.call('POST', `/subnets/${subnetId}/approvals/${entries[0]?.id}/confirm`);
      expect(confirmed.status).toBe(200);
      expect(await address(me, subnetId, '10.44.0.8')).toMatchObject({
        status: 'In Use',
        hostname: 'new-desk.lan',
      });

      // Auto scanning writes the new name at once, and leaves a name the scan did not see.
      const group = await postGroup(me, 'Auto');
      const auto = await postSubnet(me, group.id, '10.45.0.0/24', {
        scanningType: 'auto',
        scanFrequency: 24,
      });
      await setAddress(ctx, auto.body.id, '10.45.0.8', inUseFields('old-laptop.lan'));
      await setAddress(ctx, auto.body.id, '10.45.0.9', inUseFields('kept.lan'));
      expect(
        await scan(t.current, me, auto.body.id, [
          answering('10.45.0.8', 'new-desk.lan'),
          answering('10.45.0.9'),
        ]),
      ).toMatchObject({ applied: 1 });
      expect(await address(me, auto.body.id, '10.45.0.8')).toMatchObject({ hostname: 'new-desk.lan' });
      expect(await address(me, auto.body.id, '10.45.0.9')).toMatchObject({ hostname: 'kept.lan' });
    });

    it('Ignore All remembers every observation it settled, and only those', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.46.0.0/24');
      const seen = [answering('10.46.0.1', 'a.lan'), { ...answering('10.46.0.2'), mac: MAC }];
      await scan(t.current, me, subnetId, seen);
      expect((await pending(me, subnetId)).map((entry) => entry.ipAddress)).toEqual([
        '10.46.0.1',
        '10.46.0.2',
      ]);
      const ignored = await me.call('POST', `/subnets/${subnetId}/approvals/ignore-all`);
      expect(ignored.status).toBe(200);
      expect(await scan(t.current, me, subnetId, seen)).toMatchObject({ approvals: 0 });
      expect(await pending(me, subnetId)).toEqual([]);
      // A host Ignore All never saw is news.
      await scan(t.current, me, subnetId, [...seen, answering('10.46.0.3')]);
      expect((await pending(me, subnetId)).map((entry) => entry.ipAddress)).toEqual(['10.46.0.3']);
    });

    it('withdraws an entry a person made true, and keeps one the edit did not', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnetId = await approvalSubnet(me, '10.42.0.0/24');
      await scan(t.current, me, subnetId, [answering('10.42.0.3', 'a.lan'), answering('10.42.0.4', 'b.lan')]);
      const ctx = await contextOf(t.current.db, me);
      await setAddress(ctx, subnetId, '10.42.0.3', inUseFields('a.lan'));
      await setAddress(ctx, subnetId, '10.42.0.4', inUseFields('other'));
      const left = await pending(me, subnetId);
      expect(left.map((e) => e.ipAddress)).toEqual(['10.42.0.4']);
      expect(left[0]?.changes).toEqual([
        { field: 'status', now: 'In Use', confirm: 'In Use' },
        { field: 'hostname', now: 'other', confirm: 'b.lan' },
      ]);
      const withdrawn = await withdrawals(t.current, me, subnetId);
      expect(withdrawn).toHaveLength(1);
      expect(withdrawn[0]).toMatchObject({
        action: 'delete',
        userId: me.userId,
        before: { ipAddress: '10.42.0.3', reason: 'The address was changed to match it' },
      });
    });

    it('withdraws every entry when scanning is switched off, and when the subnet is deleted', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const off = await approvalSubnet(me, '10.43.0.0/24');
      const gone = await approvalSubnet(me, '10.44.0.0/24');
      await scan(t.current, me, off, [answering('10.43.0.1'), answering('10.43.0.2')]);
      await scan(t.current, me, gone, [answering('10.44.0.1')]);
      const patched = await me.call('PATCH', `/subnets/${off}`, { scanningType: 'none' });
      expect(patched.status).toBe(200);
      expect(await pending(me, off)).toEqual([]);
      const offHistory = await withdrawals(t.current, me, off);
      expect(offHistory.map((e) => (e.before as { reason: string }).reason)).toEqual([
        "The subnet's scanning was switched off",
        "The subnet's scanning was switched off",
      ]);
      expect((await me.call('DELETE', `/subnets/${gone}`)).status).toBe(204);
      const goneHistory = await withdrawals(t.current, me, gone);
      expect(goneHistory).toHaveLength(1);
      expect(goneHistory[0]).toMatchObject({
        before: { ipAddress: '10.44.0.1', reason: 'The subnet was deleted' },
      });
    });
  });
}
