import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { MAX_SCAN_HOSTS_PER_BATCH } from '@ipam/core/schemas/scanner-schemas';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { addressOf, agent, scannedSubnet } from '../../test/scan-agent.js';

const times = { startedAt: '2026-11-23T10:00:00Z', finishedAt: '2026-11-23T10:00:05Z' };
const up = (ipAddress: string, hostname?: string) => ({ ipAddress, alive: true, method: 'icmp', hostname });
const down = (ipAddress: string) => ({ ipAddress, alive: false, method: 'icmp' });

for (const dialect of DIALECTS) {
  describeOn(dialect)(`scanner agent API (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('hands out a due subnet once while its job is out, records the version, and none when blocked', async () => {
      const { me, subnetId, scannerId, key } = await scannedSubnet(t.current, '10.0.0.0/29', 'auto');
      const first = await agent(t.current, key).jobs();
      expect(first.status).toBe(200);
      expect(first.body.pollIntervalSeconds).toBe(60);
      expect(first.body.jobs).toEqual([
        expect.objectContaining({
          subnetId,
          version: 4,
          networkIP: '10.0.0.0',
          prefixLength: 29,
          scanningType: 'auto',
        }),
      ]);
      expect((await agent(t.current, key).jobs()).body.jobs).toEqual([]);
      const listed = await me.call('GET', '/scanners');
      expect(listed.body.items[0]).toMatchObject({ agentVersion: '0.1.0' });
      expect(listed.body.items[0].lastSeenAt).not.toBeNull();
      // The last batch ends the job: lastScanned set, and the subnet is not due again for a day.
      expect((await agent(t.current, key).results({ subnetId, ...times, hosts: [] })).status).toBe(200);
      const subnet = await me.call('GET', `/subnets/${subnetId}`);
      expect(subnet.body.lastScanned).not.toBeNull();
      expect((await agent(t.current, key).jobs()).body.jobs).toEqual([]);
      // Scan Now makes it due at once, but not while Block Scanning is on.
      await me.call('POST', `/subnets/${subnetId}/scan`);
      await me.call('PATCH', `/scanners/${scannerId}`, { blockScanning: true });
      expect((await agent(t.current, key).jobs()).body.jobs).toEqual([]);
      await me.call('PATCH', `/scanners/${scannerId}`, { blockScanning: false });
      expect((await agent(t.current, key).jobs()).body.jobs).toHaveLength(1);
      await agent(t.current, key).results({ subnetId, ...times, hosts: [] });
      expect((await me.call('GET', `/subnets/${subnetId}`)).body.scanNow).toBe(false);
    });

    it('auto scanning marks live Available addresses In Use and silent ones Available, never a locked one', async () => {
      const { me, subnetId, key } = await scannedSubnet(t.current, '10.1.0.0/29', 'auto');
      const put = (ip: string, fields: object) =>
        me.call('PUT', `/subnets/${subnetId}/addresses/${ip}`, {
          status: 'In Use',
          hostname: 'old',
          description: 'kept',
          allowScannerUpdate: true,
          ...fields,
        });
      await put('10.1.0.2', {});
      await put('10.1.0.3', { allowScannerUpdate: false });
      await put('10.1.0.4', { status: 'Reserved' });
      const answer = await agent(t.current, key).results({
        subnetId,
        ...times,
        hosts: [
          up('10.1.0.1', 'web01.lan'),
          down('10.1.0.2'),
          down('10.1.0.3'),
          up('10.1.0.4'),
          down('10.1.0.5'),
        ],
      });
      expect(answer).toEqual({ status: 200, body: { applied: 2, approvals: 0, done: true } });
      expect(await addressOf(me, subnetId, '10.1.0.1')).toMatchObject({
        status: 'In Use',
        hostname: 'web01.lan',
      });
      expect(await addressOf(me, subnetId, '10.1.0.2')).toMatchObject({
        status: 'Available',
        hostname: '',
        description: 'kept',
      });
      expect(await addressOf(me, subnetId, '10.1.0.3')).toMatchObject({ status: 'In Use', hostname: 'old' });
      expect(await addressOf(me, subnetId, '10.1.0.4')).toMatchObject({ status: 'Reserved' });
      expect(await addressOf(me, subnetId, '10.1.0.5')).toMatchObject({ status: 'Available', id: null });
      const audit = await me.call('GET', `/audit?subnetId=${subnetId}`);
      const scanEntries = audit.body.items.filter(
        (item: { actor: string | null }) => item.actor === 'scanner HQ',
      );
      expect(scanEntries.map((item: { entity: string }) => item.entity).sort()).toEqual([
        'address',
        'address',
        'scan',
      ]);
      expect(scanEntries.every((item: { userId: string | null }) => item.userId === null)).toBe(true);
    });

    it('drops a reverse-DNS name that is no hostname, not the batch: the host still counts', async () => {
      const { me, subnetId, key } = await scannedSubnet(t.current, '10.5.0.0/29', 'auto');
      const answer = await agent(t.current, key).results({
        subnetId,
        ...times,
        hosts: [
          up('10.5.0.1', 'printer 2nd floor.lan'),
          up('10.5.0.2', 'ok-2.lan.'),
          up('10.5.0.3', `${'x'.repeat(300)}.lan`),
          up('10.5.0.4', '-edge.lan'),
        ],
      });
      expect(answer).toEqual({ status: 200, body: { applied: 4, approvals: 0, done: true } });
      const hostnames = await Promise.all(
        ['10.5.0.1', '10.5.0.2', '10.5.0.3', '10.5.0.4'].map(async (ip) => addressOf(me, subnetId, ip)),
      );
      expect(hostnames.map((a: { status: string; hostname: string }) => [a.status, a.hostname])).toEqual([
        ['In Use', ''],
        ['In Use', 'ok-2.lan'],
        ['In Use', ''],
        ['In Use', ''],
      ]);
    });

    it('approval scanning makes one entry per difference with the recorded status and what Confirm writes', async () => {
      const { me, subnetId, key } = await scannedSubnet(t.current, '10.2.0.0/29', 'approval');
      await me.call('PUT', `/subnets/${subnetId}/addresses/10.2.0.2`, { status: 'In Use', hostname: 'gone' });
      await me.call('PUT', `/subnets/${subnetId}/addresses/10.2.0.3`, { status: 'Reserved' });
      const scan = {
        subnetId,
        ...times,
        hosts: [up('10.2.0.1', 'new.lan'), down('10.2.0.2'), up('10.2.0.3')],
      };
      expect((await agent(t.current, key).results(scan)).body).toEqual({
        applied: 0,
        approvals: 3,
        done: true,
      });
      const pending = await me.call('GET', `/subnets/${subnetId}/approvals`);
      // What the scan saw (seen*) is asserted in approvals/approval-trust.test.ts.
      const shown = pending.body.items.map(
        ({
          id: _id,
          seenAlive: _a,
          seenHostname: _h,
          seenMac: _m,
          seenAt: _t,
          seenBy: _b,
          ...entry
        }: { id: string } & Record<string, unknown>) => entry,
      );
      expect(shown).toEqual([
        {
          ipAddress: '10.2.0.1',
          status: 'Available',
          hostname: 'new.lan',
          description: '',
          recommendation: 'In Use',
          changes: [
            { field: 'status', now: 'Available', confirm: 'In Use' },
            { field: 'hostname', now: '', confirm: 'new.lan' },
          ],
        },
        {
          ipAddress: '10.2.0.2',
          status: 'In Use',
          hostname: '',
          description: '',
          recommendation: 'Available',
          changes: [
            { field: 'status', now: 'In Use', confirm: 'Available' },
            { field: 'hostname', now: 'gone', confirm: '' },
          ],
        },
        {
          ipAddress: '10.2.0.3',
          status: 'Reserved',
          hostname: '',
          description: '',
          recommendation: 'In Use',
          changes: [{ field: 'status', now: 'Reserved', confirm: 'In Use' }],
        },
      ]);
      // Nothing was written yet; a rescan that finds 10.2.0.2 answering again drops its entry.
      expect(await addressOf(me, subnetId, '10.2.0.1')).toMatchObject({ status: 'Available' });
      await agent(t.current, key).results({
        subnetId,
        ...times,
        hosts: [up('10.2.0.2'), up('10.2.0.1', 'new.lan')],
      });
      const after = await me.call('GET', `/subnets/${subnetId}/approvals`);
      expect(after.body.items.map((entry: { ipAddress: string }) => entry.ipAddress)).toEqual([
        '10.2.0.1',
        '10.2.0.3',
      ]);
      expect((await me.call('POST', `/subnets/${subnetId}/approvals/confirm-all`)).body).toEqual({
        settled: 2,
      });
      expect(await addressOf(me, subnetId, '10.2.0.1')).toMatchObject({
        status: 'In Use',
        hostname: 'new.lan',
      });
    });

    it("refuses a wrong key (401), another scanner's subnet (404) and a whole batch with an outside address", async () => {
      const { me, subnetId, key } = await scannedSubnet(t.current, '10.3.0.0/29', 'auto');
      const other = await scannedSubnet(t.current, '10.4.0.0/29', 'auto');
      for (const wrong of ['', 'x'.repeat(32), key.slice(0, 31), `${key.slice(0, 31)}!`]) {
        const response = await agent(t.current, wrong).jobs();
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ error: messages.scannerKeyInvalid, code: 'scanner_key_invalid' });
      }
      const foreign = await agent(t.current, key).results({ subnetId: other.subnetId, ...times, hosts: [] });
      expect(foreign.status).toBe(404);
      const outside = await agent(t.current, key).results({
        subnetId,
        ...times,
        hosts: [up('10.3.0.1'), up('10.3.0.9')],
      });
      expect(outside.status).toBe(400);
      expect(outside.body.code).toBe('address_outside_subnet');
      expect(await addressOf(me, subnetId, '10.3.0.1')).toMatchObject({ status: 'Available', id: null });
      expect((await me.call('GET', `/subnets/${subnetId}`)).body.lastScanned).toBeNull();
      const tooMany = Array.from({ length: MAX_SCAN_HOSTS_PER_BATCH + 1 }, () => down('10.3.0.1'));
      expect((await agent(t.current, key).results({ subnetId, ...times, hosts: tooMany })).status).toBe(400);
    });

    it('refuses every key of an account moved to the Free tier (403) and a subnet that stopped scanning (409)', async () => {
      const { me, subnetId, key } = await scannedSubnet(t.current, '10.5.0.0/29', 'auto');
      await me.call('PATCH', `/subnets/${subnetId}`, { scanningType: 'none' });
      const stopped = await agent(t.current, key).results({ subnetId, ...times, hosts: [up('10.5.0.1')] });
      expect(stopped.status).toBe(409);
      await t.current.db.updateTable('accounts').set({ tier: 0 }).where('id', '=', me.accountId).execute();
      const free = await agent(t.current, key).jobs();
      expect(free.status).toBe(403);
      expect(free.body.error).toBe(messages.scannersNotInTier);
    });

    // Last: it leaves keys of that prefix refused from this client for the rest of the window.
    it('refuses wrong keys of one prefix after 20 (429) but lets the valid key from that address through (issue 36)', async () => {
      const { key } = await scannedSubnet(t.current, '10.6.0.0/29', 'auto');
      const wrongPrefix = key.startsWith('A') ? 'B' : 'A';
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++)
        statuses.push((await agent(t.current, `${wrongPrefix.repeat(31)}${i % 10}`).jobs()).status);
      expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
      const right = await agent(t.current, key).jobs();
      expect(right.status).toBe(200);
      // A wrong key of another prefix is counted on its own; the refused prefix stays refused.
      expect((await agent(t.current, `${key.slice(0, 8)}${'0'.repeat(24)}`).jobs()).status).toBe(401);
      expect((await agent(t.current, `${wrongPrefix.repeat(32)}`).jobs()).status).toBe(429);
    });
  });
}
