import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { untilWaitingOnLocks } from '../../test/lock-waits.js';
import { agent, scannedSubnet } from '../../test/scan-agent.js';
import { recordingPublisher, type AccountSession } from '../../test/ipam-factories.js';
import { requireLeaf } from '../subnets/subnets.js';
import { markStaleAlerted, type MarkedStale } from './stale-alert-repository.js';
import { sweepStaleAddresses } from './stale-sweep.js';

const times = { startedAt: '2026-11-23T10:00:00Z', finishedAt: '2026-11-23T10:00:05Z' };
const up = (ipAddress: string) => ({ ipAddress, alive: true, method: 'icmp' });
const DAY_MS = 24 * 60 * 60 * 1000;
/** The clock `days` from now. */
const daysOn = (days: number) => new Date(Date.now() + days * DAY_MS);

interface ListedAlert {
  kind: string;
  ipAddress: string;
  createdAt: string;
  details: { lastSeen: string; lastSeenBy: string | null; staleAfterDays: number };
}

async function staleAlerts(me: AccountSession): Promise<ListedAlert[]> {
  const items: ListedAlert[] = (await me.call('GET', '/alerts?limit=100')).body.items;
  return items.filter((alert) => alert.kind === 'went_stale');
}

describeEachDialect('went-stale alerts (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const deps = () => ({ db: t.current.db, events: recordingPublisher() });

  /** A subnet marking stale after 7 days whose scanner saw `ips` now. */
  async function seenSubnet(cidr: string, ips: readonly string[]) {
    const scanned = await scannedSubnet(t.current, cidr, 'auto');
    const { me, subnetId, key } = scanned;
    const scan = () => agent(t.current, key).results({ subnetId, ...times, hosts: ips.map(up) });
    await scan();
    expect((await me.call('PATCH', `/subnets/${subnetId}`, { staleAfterDays: 7 })).status).toBe(200);
    return { ...scanned, scan };
  }

  it('writes one alert per address when it goes stale, none on later sweeps, and again after a new sighting', async () => {
    const { me, subnetId, scan } = await seenSubnet('10.60.0.0/29', ['10.60.0.1', '10.60.0.2']);
    // An address typed in by hand, never seen, never goes stale.
    await me.call('PUT', `/subnets/${subnetId}/addresses/10.60.0.5`, {
      status: 'In Use',
      hostname: 'typed.lan',
      description: '',
      allowScannerUpdate: false,
    });
    const sweep = deps();
    await sweepStaleAddresses(sweep, daysOn(6));
    expect(await staleAlerts(me)).toEqual([]);
    const eightDaysOn = daysOn(8);
    await sweepStaleAddresses(sweep, eightDaysOn);
    const first = await staleAlerts(me);
    expect(first.map((a) => a.ipAddress).sort()).toEqual(['10.60.0.1', '10.60.0.2']);
    expect(first[0]?.details).toMatchObject({ lastSeenBy: 'HQ', staleAfterDays: 7 });
    // Written at the time the sweep ran by.
    expect(first[0]?.createdAt).toBe(eightDaysOn.toISOString());
    // One live event per sweep transaction, naming the subnet.
    expect(sweep.events.events.map((e) => e.event)).toContainEqual(
      expect.objectContaining({ kind: 'alert', subnetId }),
    );
    // History says so, by the stale check.
    const history = await me.call('GET', `/audit?subnetId=${subnetId}`);
    const entries = history.body.items.filter((e: { entity: string }) => e.entity === 'address-stale');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ action: 'create', actor: 'stale check' });
    // Later sweeps find nothing new.
    await sweepStaleAddresses(deps(), daysOn(9));
    await sweepStaleAddresses(deps(), daysOn(30));
    expect(await staleAlerts(me)).toHaveLength(2);
    // Seen again: re-armed; stale again a week after that sighting, and alerted once more.
    await scan();
    await sweepStaleAddresses(deps(), daysOn(6));
    expect(await staleAlerts(me)).toHaveLength(2);
    await sweepStaleAddresses(deps(), daysOn(8));
    await sweepStaleAddresses(deps(), daysOn(9));
    expect(await staleAlerts(me)).toHaveLength(4);
  });

  it('writes each alert once when two sweeps run at once', async () => {
    const ips = ['10.61.0.1', '10.61.0.2', '10.61.0.3', '10.61.0.4', '10.61.0.5'];
    const { me, subnetId } = await seenSubnet('10.61.0.0/29', ips);
    const db = t.current.db;
    // A transaction holds the subnet as a scan would, so both sweeps queue behind it and then race.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isLocked = () => {};
    const locked = new Promise<void>((resolve) => {
      isLocked = resolve;
    });
    const holder = db.transaction().execute(async (trx) => {
      await requireLeaf(trx, me.accountId, subnetId, 'no-key-update');
      isLocked();
      await released;
    });
    await locked;
    const later = daysOn(8);
    const sweeps = [sweepStaleAddresses(deps(), later), sweepStaleAddresses(deps(), later)];
    await untilWaitingOnLocks(db, sweeps);
    release();
    await holder;
    const written = await Promise.all(sweeps);
    expect((written[0] ?? 0) + (written[1] ?? 0)).toBeGreaterThanOrEqual(ips.length);
    const alerts = await staleAlerts(me);
    expect(alerts.map((a) => a.ipAddress).sort()).toEqual(ips);
  });

  it('marks an address once even without the subnet lock: a second marker waits and then finds it marked', async () => {
    const { subnetId } = await seenSubnet('10.64.0.0/29', ['10.64.0.1', '10.64.0.2']);
    const db = t.current.db;
    const cutoff = daysOn(1).toISOString();
    let commit = () => {};
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let first: MarkedStale[] = [];
    let hasMarked = () => {};
    const marked = new Promise<void>((resolve) => {
      hasMarked = resolve;
    });
    const firstTransaction = db.transaction().execute(async (trx) => {
      first = await markStaleAlerted(trx, subnetId, cutoff, 10);
      hasMarked();
      await committing;
    });
    await marked;
    // On SQLite the second waits for the one connection; on PostgreSQL for the first's row locks.
    const second = db.transaction().execute((trx) => markStaleAlerted(trx, subnetId, cutoff, 10));
    await untilWaitingOnLocks(db, [second]);
    commit();
    await firstTransaction;
    expect(first.map((row) => row.ipAddress)).toEqual(['10.64.0.1', '10.64.0.2']);
    expect(await second).toEqual([]);
  });

  it("bounds a sweep's work and leaves the rest for the next one", async () => {
    const later = daysOn(8);
    // Other tests' addresses are stale by then too: alert them first, so only these are left.
    await sweepStaleAddresses(deps(), later);
    const ips = ['10.62.0.1', '10.62.0.2', '10.62.0.3', '10.62.0.4', '10.62.0.5'];
    const { me } = await seenSubnet('10.62.0.0/29', ips);
    const limits = { batchSize: 2, maxAlerts: 3 };
    expect(await sweepStaleAddresses(deps(), later, limits)).toBe(3);
    expect(await staleAlerts(me)).toHaveLength(3);
    expect(await sweepStaleAddresses(deps(), later, limits)).toBe(2);
    expect(await sweepStaleAddresses(deps(), later, limits)).toBe(0);
    expect((await staleAlerts(me)).map((a) => a.ipAddress).sort()).toEqual(ips);
  });

  it('alerts nothing in a subnet without "stale after"', async () => {
    const { me, subnetId, key } = await scannedSubnet(t.current, '10.63.0.0/29', 'auto');
    await agent(t.current, key).results({ subnetId, ...times, hosts: [up('10.63.0.1')] });
    await sweepStaleAddresses(deps(), daysOn(400));
    expect(await staleAlerts(me)).toEqual([]);
  });
});
