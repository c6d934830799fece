import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import {
  accountSession,
  addressFields,
  contextOf,
  postGroup,
  postSubnet,
  rowsOfSubnet,
  type AccountSession,
} from '../../test/ipam-factories.js';
import { answering } from '../../test/scan-hosts.js';
import { scannerFor } from '../../test/scan-factories.js';
import { setAddress } from '../addresses/address-writes.js';
import { pageAudit } from '../audit/audit-repository.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`subnet edit, scan and delete (${dialect})`, () => {
    const t = useTestApp(dialect);

    async function subnetOf(me: AccountSession, cidr: string, fields: Record<string, unknown> = {}) {
      const group = await postGroup(me, `G ${cidr}`);
      const created = await postSubnet(me, group.id, cidr, fields);
      expect(created.status).toBe(201);
      return created.body as { id: string; groupId: string; [field: string]: unknown };
    }

    it('edits name, VLAN, description, group and scanning; fields left out stay', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnet = await subnetOf(me, '10.0.0.0/24', { description: 'old' });
      const other = await postGroup(me, 'Other group');
      const edited = await me.call('PATCH', `/subnets/${subnet.id}`, {
        name: ' Renamed ',
        vlanId: 99,
        groupId: other.id,
        scanningType: 'approval',
        scanFrequency: 24,
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        name: 'Renamed',
        vlanId: 99,
        description: 'old',
        groupId: other.id,
        scanningType: 'approval',
        scanFrequency: 24,
        networkIP: '10.0.0.0',
        bits: 24,
      });
      const off = await me.call('PATCH', `/subnets/${subnet.id}`, { scanningType: 'none' });
      expect(off.body).toMatchObject({ scanningType: 'none', scanFrequency: null, name: 'Renamed' });
      const needsFrequency = await me.call('PATCH', `/subnets/${subnet.id}`, { scanningType: 'auto' });
      expect(needsFrequency.status).toBe(400);
      expect(needsFrequency.body.error).toBe(messages.scanFrequencyRequired);
      expect((await me.call('GET', `/subnets/${subnet.id}`)).body.scanningType).toBe('none');
    });

    it('keeps network address and prefix fixed after creation', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnet = await subnetOf(me, '10.1.0.0/24');
      for (const body of [{ networkIP: '10.2.0.0' }, { bits: 16 }, { prefixLength: 120, name: 'x' }]) {
        const response = await me.call('PATCH', `/subnets/${subnet.id}`, body);
        expect(response.status).toBe(400);
        expect(response.body.error).toBe(messages.subnetNetworkFixed);
      }
      expect((await me.call('GET', `/subnets/${subnet.id}`)).body).toMatchObject({
        networkIP: '10.1.0.0',
        bits: 24,
        name: 'Subnet 10.1.0.0/24',
      });
    });

    it('refuses a blank name, a bad VLAN and a group of another account on edit', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnet = await subnetOf(me, '10.3.0.0/24');
      const theirGroup = await postGroup(await accountSession(t.current), 'Theirs');
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '  ' }, messages.subnetNameRequired],
        [{ vlanId: 5000 }, messages.vlanIdRange],
        [{ groupId: theirGroup.id }, messages.groupNotFound],
        [{ groupId: '' }, messages.groupRequired],
      ];
      for (const [body, message] of cases) {
        const response = await me.call('PATCH', `/subnets/${subnet.id}`, body);
        expect({ status: response.status, error: response.body.error }).toEqual({
          status: 400,
          error: message,
        });
      }
      expect((await me.call('GET', `/subnets/${subnet.id}`)).body.groupId).toBe(subnet.groupId);
    });

    it('Scan Now sets scanNow for approval/auto scanning and is refused when scanning is off', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const off = await subnetOf(me, '10.4.0.0/24');
      const refused = await me.call('POST', `/subnets/${off.id}/scan`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: messages.scanNotEnabled, code: 'scan_not_enabled' });
      const scanned = await subnetOf(me, '10.5.0.0/24', { scanningType: 'auto', scanFrequency: 1 });
      // No scanner has the subnet, or only one with Block Scanning on: refused with the reason (issue 33).
      const uncovered = await me.call('POST', `/subnets/${scanned.id}/scan`);
      expect(uncovered.status).toBe(409);
      expect(uncovered.body).toEqual({ error: messages.noScannerCovers, code: 'no_scanner_covers' });
      const scanner = await me.call('POST', '/scanners', {
        name: 'HQ',
        subnets: [scanned.id],
        blockScanning: true,
      });
      expect(scanner.status).toBe(201);
      expect((await me.call('POST', `/subnets/${scanned.id}/scan`)).body.code).toBe('no_scanner_covers');
      expect((await me.call('GET', `/subnets/${scanned.id}`)).body.scanNow).toBe(false);
      await me.call('PATCH', `/scanners/${scanner.body.id}`, { blockScanning: false });
      const response = await me.call('POST', `/subnets/${scanned.id}/scan`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: scanned.id, scanNow: true, lastScanned: null });
      expect((await me.call('GET', `/subnets/${scanned.id}`)).body.scanNow).toBe(true);
      // Turning scanning off withdraws the request.
      await me.call('PATCH', `/subnets/${scanned.id}`, { scanningType: 'none' });
      expect((await me.call('GET', `/subnets/${scanned.id}`)).body.scanNow).toBe(false);
    });

    it('Scan Now is refused on a tier without scanners, however the subnet is set', async () => {
      const me = await accountSession(t.current);
      const scanned = await subnetOf(me, '10.8.0.0/24', { scanningType: 'auto', scanFrequency: 1 });
      expect(scanned.scanningType).toBe('auto');
      const refused = await me.call('POST', `/subnets/${scanned.id}/scan`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: messages.scannersNotInTier, code: 'scanners_not_in_tier' });
      expect((await me.call('GET', `/subnets/${scanned.id}`)).body.scanNow).toBe(false);
    });

    it('deletes a subnet with all its addresses and approvals, and keeps its history', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const doomed = await subnetOf(me, '10.6.0.0/24', { scanningType: 'approval', scanFrequency: 1 });
      const kept = await subnetOf(me, '10.7.0.0/24');
      const ctx = await contextOf(t.current.db, me);
      for (const subnet of [doomed, kept]) {
        const prefix = subnet === doomed ? '10.6.0' : '10.7.0';
        await setAddress(
          ctx,
          subnet.id,
          `${prefix}.10`,
          addressFields({ status: 'In Use', hostname: 'web' }),
        );
        await setAddress(ctx, subnet.id, `${prefix}.11`, addressFields({ status: 'Reserved' }));
      }
      await (await scannerFor(ctx, [doomed.id])).report(doomed.id, [answering('10.6.0.12')]);
      // Two written, and 10.6.0.12 the scan saw (its sighting, issue 33); one scan run.
      expect(await rowsOfSubnet(t.current.db, 'ip_addresses', doomed.id)).toBe(3);
      expect(await rowsOfSubnet(t.current.db, 'approvals', doomed.id)).toBe(1);
      expect(await rowsOfSubnet(t.current.db, 'scan_runs', doomed.id)).toBe(1);

      expect((await me.call('DELETE', `/subnets/${doomed.id}`)).status).toBe(204);
      expect((await me.call('GET', `/subnets/${doomed.id}`)).status).toBe(404);
      expect((await me.call('DELETE', `/subnets/${doomed.id}`)).status).toBe(404);
      expect(await rowsOfSubnet(t.current.db, 'ip_addresses', doomed.id)).toBe(0);
      expect(await rowsOfSubnet(t.current.db, 'approvals', doomed.id)).toBe(0);
      expect(await rowsOfSubnet(t.current.db, 'scan_runs', doomed.id)).toBe(0);
      expect(await rowsOfSubnet(t.current.db, 'ip_addresses', kept.id)).toBe(2);
      expect((await me.call('GET', '/subnets')).body.items.map((s: { id: string }) => s.id)).toEqual([
        kept.id,
      ]);
      const history = await pageAudit(t.current.db, me.accountId, { subnetId: doomed.id, limit: 50 });
      expect(history.find((e) => e.entity === 'subnet' && e.action === 'delete')).toMatchObject({
        userId: me.userId,
        before: { id: doomed.id, networkIP: '10.6.0.0', bits: 24 },
        after: null,
      });
      // The range is free again.
      expect((await postSubnet(me, doomed.groupId, '10.6.0.0/24')).status).toBe(201);
    });

    it('records edits and Scan Now in the audit log with before and after', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const subnet = await subnetOf(me, '10.8.0.0/24');
      await me.call('PATCH', `/subnets/${subnet.id}`, { name: 'After' });
      const history = await pageAudit(t.current.db, me.accountId, { subnetId: subnet.id, limit: 50 });
      const update = history.find((e) => e.action === 'update');
      expect(update).toMatchObject({
        entity: 'subnet',
        entityId: subnet.id,
        userId: me.userId,
        before: { name: 'Subnet 10.8.0.0/24' },
        after: { name: 'After' },
      });
      expect(history.find((e) => e.action === 'create')).toMatchObject({
        before: null,
        after: { id: subnet.id },
      });
    });

    it("answers 404 for another account's subnet on every subnet route and changes nothing", async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const other = await accountSession(t.current, { tier: 1 });
      const theirs = await subnetOf(other, '10.9.0.0/24', { scanningType: 'auto', scanFrequency: 2 });
      const attempts: [string, string, unknown][] = [
        ['GET', `/subnets/${theirs.id}`, undefined],
        ['PATCH', `/subnets/${theirs.id}`, { name: 'Taken' }],
        ['POST', `/subnets/${theirs.id}/scan`, {}],
        ['DELETE', `/subnets/${theirs.id}`, {}],
        ['GET', `/subnets/${theirs.id}/approvals`, undefined],
        ['POST', `/subnets/${theirs.id}/approvals/confirm-all`, {}],
      ];
      for (const [method, path, body] of attempts) {
        const response = await me.call(method, path, body);
        expect({ method, path, status: response.status, body: response.body }).toEqual({
          method,
          path,
          status: 404,
          body: { error: messages.notFound, code: 'not_found' },
        });
      }
      expect((await other.call('GET', `/subnets/${theirs.id}`)).body).toMatchObject({
        name: 'Subnet 10.9.0.0/24',
        scanNow: false,
      });
    });
  });
}
