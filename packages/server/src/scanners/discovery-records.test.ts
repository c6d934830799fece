import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { addressOf, agent, scannedSubnet } from '../../test/scan-agent.js';

const times = { startedAt: '2026-11-23T10:00:00Z', finishedAt: '2026-11-23T10:00:05Z' };
const later = { startedAt: '2026-11-23T11:00:00Z', finishedAt: '2026-11-23T11:00:09Z' };
const up = (ipAddress: string, mac?: string) => ({ ipAddress, alive: true, method: 'icmp', mac });
const down = (ipAddress: string) => ({ ipAddress, alive: false, method: 'icmp' });

for (const dialect of DIALECTS) {
  describeOn(dialect)(`discovery records (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('keeps the MAC, first and last seen and the scanner of live hosts, canonical; a silent host keeps them', async () => {
      const { me, subnetId, key } = await scannedSubnet(t.current, '10.4.0.0/29', 'approval');
      const first = await agent(t.current, key).results({
        subnetId,
        ...times,
        hosts: [up('10.4.0.1', 'AA-BB-CC-00-11-22'), up('10.4.0.2'), down('10.4.0.3')],
      });
      expect(first.status).toBe(200);
      const one = await addressOf(me, subnetId, '10.4.0.1');
      expect(one).toMatchObject({ mac: 'aa:bb:cc:00:11:22', lastSeenBy: 'HQ', status: 'Available' });
      expect(one.firstSeen).not.toBeNull();
      expect(one.lastSeen).toBe(one.firstSeen);
      expect(await addressOf(me, subnetId, '10.4.0.2')).toMatchObject({ mac: null, lastSeenBy: 'HQ' });
      expect(await addressOf(me, subnetId, '10.4.0.3')).toMatchObject({ mac: null, lastSeen: null });
      // A second scan: 10.4.0.1 answers with another MAC (recorded, and in History); 10.4.0.2 is silent.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await agent(t.current, key).results({
        subnetId,
        ...later,
        hosts: [up('10.4.0.1', 'aabb.cc00.3344'), down('10.4.0.2')],
      });
      const again = await addressOf(me, subnetId, '10.4.0.1');
      expect(again.mac).toBe('aa:bb:cc:00:33:44');
      expect(again.firstSeen).toBe(one.firstSeen);
      expect(again.lastSeen > one.lastSeen).toBe(true);
      expect((await addressOf(me, subnetId, '10.4.0.2')).lastSeenBy).toBe('HQ');
      const history = await me.call('GET', `/audit?subnetId=${subnetId}`);
      expect(history.status).toBe(200);
      const macChanges = history.body.items.filter(
        (entry: { entity: string; entityId: string; after: { mac?: string } | null }) =>
          entry.entity === 'address' && entry.entityId === '10.4.0.1',
      );
      expect(macChanges.map((entry: { after: { mac: string } }) => entry.after.mac)).toEqual([
        'aa:bb:cc:00:33:44',
        'aa:bb:cc:00:11:22',
      ]);
    });

    it('refuses a batch with a MAC that is none', async () => {
      const { subnetId, key } = await scannedSubnet(t.current, '10.5.0.0/29', 'auto');
      const answer = await agent(t.current, key).results({
        subnetId,
        ...times,
        hosts: [up('10.5.0.1', 'aa:bb')],
      });
      expect(answer.status).toBe(400);
    });

    it('keeps the records through an edit, and exports and imports the MAC', async () => {
      const { me, subnetId, key } = await scannedSubnet(t.current, '10.6.0.0/29', 'auto');
      await agent(t.current, key).results({
        subnetId,
        ...times,
        hosts: [up('10.6.0.1', 'AA:BB:CC:DD:EE:01')],
      });
      const seen = await addressOf(me, subnetId, '10.6.0.1');
      expect(seen).toMatchObject({ status: 'In Use', mac: 'aa:bb:cc:dd:ee:01' });
      const edited = await me.call('PUT', `/subnets/${subnetId}/addresses/10.6.0.1`, {
        status: 'Reserved',
        hostname: 'kept.lan',
        description: '',
        allowScannerUpdate: false,
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        mac: 'aa:bb:cc:dd:ee:01',
        lastSeen: seen.lastSeen,
        lastSeenBy: 'HQ',
      });
      const exported = await me.call('GET', `/subnets/${subnetId}/addresses/export?format=csv`);
      const { text } = exported;
      expect(text.split('\r\n')[0]?.trim()).toBe(
        'ipAddress,status,hostname,description,allowScannerUpdate,updatedDate,updatedBy,mac,firstSeen,lastSeen,lastSeenBy',
      );
      expect(text).toContain(`,aa:bb:cc:dd:ee:01,${seen.firstSeen},${seen.lastSeen},HQ`);
      // An import sets a MAC given in any usual form, keeps it where the cell is empty, refuses a bad one.
      const importCsv = (csv: string) =>
        me.client.request(
          'POST',
          `/api/accounts/${me.accountId}/subnets/${subnetId}/addresses/import?dryRun=false`,
          csv,
          { 'content-type': 'text/csv' },
        );
      const bad = await importCsv('ipAddress,status,mac\n10.6.0.2,In Use,aa:bb:cc\n');
      expect(bad.status).toBe(422);
      expect(bad.body.rows[0].reason).toBe(messages.macInvalid);
      const good = await importCsv(
        'ipAddress,status,hostname,allowScannerUpdate,mac\n10.6.0.2,In Use,,,0011.2233.4455\n10.6.0.1,Reserved,kept.lan,false,\n',
      );
      expect(good.status).toBe(200);
      expect(good.body.counts).toEqual({ create: 1, update: 0, unchanged: 1, error: 0 });
      expect(await addressOf(me, subnetId, '10.6.0.2')).toMatchObject({
        mac: '00:11:22:33:44:55',
        lastSeen: null,
      });
      expect(await addressOf(me, subnetId, '10.6.0.1')).toMatchObject({
        mac: 'aa:bb:cc:dd:ee:01',
        lastSeenBy: 'HQ',
      });
    });

    it('lists each scan of a subnet with its scanner, method, counts and duration; another account gets 404', async () => {
      const { me, subnetId, key } = await scannedSubnet(t.current, '10.7.0.0/29', 'auto');
      const before = await me.call('GET', `/subnets/${subnetId}/scans`);
      expect(before.body).toEqual({
        items: [],
        lastScanned: null,
        coveringScanners: [{ id: expect.any(String), name: 'HQ', blockScanning: false }],
      });
      // One job in two batches (one run), then a second job.
      const scan = agent(t.current, key);
      await scan.results({ subnetId, ...times, done: false, hosts: [up('10.7.0.1'), down('10.7.0.2')] });
      await scan.results({
        subnetId,
        startedAt: times.startedAt,
        finishedAt: '2026-11-23T10:00:08Z',
        hosts: [{ ipAddress: '10.7.0.3', alive: true, method: 'tcp' }],
      });
      await scan.results({ subnetId, ...later, hosts: [down('10.7.0.1')] });
      const history = await me.call('GET', `/subnets/${subnetId}/scans`);
      expect(history.status).toBe(200);
      expect(history.body.lastScanned).not.toBeNull();
      expect(history.body.items).toEqual([
        expect.objectContaining({
          scannerName: 'HQ',
          scanningType: 'auto',
          startedAt: later.startedAt,
          durationSeconds: 9,
          hosts: 1,
          alive: 0,
          applied: 1,
          approvals: 0,
          methods: [],
          isDone: true,
        }),
        expect.objectContaining({
          startedAt: times.startedAt,
          finishedAt: '2026-11-23T10:00:08Z',
          durationSeconds: 8,
          hosts: 3,
          alive: 2,
          applied: 2,
          methods: ['icmp', 'tcp'],
          isDone: true,
        }),
      ]);
      const other = await scannedSubnet(t.current, '10.7.0.0/29', 'auto');
      expect((await other.me.call('GET', `/subnets/${subnetId}/scans`)).status).toBe(404);
      expect((await me.call('GET', `/subnets/${other.subnetId}/scans`)).status).toBe(404);
    });
  });
}
