import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeEachDialect } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { addressOf, agent, scannedSubnet } from '../../test/scan-agent.js';
import { findAccountById } from '../accounts/account-repository.js';
import { accountDashboard } from '../accounts/dashboard.js';
import { readAddressPage } from '../addresses/address-page.js';

const times = { startedAt: '2026-11-23T10:00:00Z', finishedAt: '2026-11-23T10:00:05Z' };
const up = (ipAddress: string, mac?: string) => ({ ipAddress, alive: true, method: 'icmp', mac });
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDialect('stale addresses and MAC changes (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('sets, changes and clears "stale after" on a subnet, with a clear error for a bad value, in History', async () => {
    const { me, subnetId } = await scannedSubnet(t.current, '10.40.0.0/29', 'auto');
    const read = await me.call('GET', `/subnets/${subnetId}`);
    expect(read.body.staleAfterDays).toBeNull();
    for (const bad of [0, 3651, 1.5, '7']) {
      const refused = await me.call('PATCH', `/subnets/${subnetId}`, { staleAfterDays: bad });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(messages.staleAfterDaysInvalid);
    }
    const set = await me.call('PATCH', `/subnets/${subnetId}`, { staleAfterDays: 30 });
    expect(set.status).toBe(200);
    expect(set.body.staleAfterDays).toBe(30);
    // Another edit leaves it as it was.
    const renamed = await me.call('PATCH', `/subnets/${subnetId}`, { name: 'Renamed' });
    expect(renamed.body.staleAfterDays).toBe(30);
    const cleared = await me.call('PATCH', `/subnets/${subnetId}`, { staleAfterDays: null });
    expect(cleared.body.staleAfterDays).toBeNull();
    const history = await me.call('GET', `/audit?subnetId=${subnetId}`);
    const changes = history.body.items
      .filter(
        (entry: { entity: string; action: string }) => entry.entity === 'subnet' && entry.action === 'update',
      )
      .map((entry: { after: { staleAfterDays: number | null } }) => entry.after.staleAfterDays);
    expect(changes).toEqual([null, 30, 30]);
  });

  it("marks and lists addresses unseen for the subnet's days, by the clock it is given, and never clears one", async () => {
    const { me, subnetId, key } = await scannedSubnet(t.current, '10.41.0.0/28', 'auto');
    await agent(t.current, key).results({ subnetId, ...times, hosts: [up('10.41.0.1'), up('10.41.0.2')] });
    const typed = await me.call('PUT', `/subnets/${subnetId}/addresses/10.41.0.9`, {
      status: 'In Use',
      hostname: 'typed.lan',
      description: '',
      allowScannerUpdate: false,
    });
    expect(typed.status).toBe(200);
    // Without "stale after" the filter is refused with the reason.
    const unmarked = await me.call('GET', `/subnets/${subnetId}/addresses?filter=stale`);
    expect(unmarked.status).toBe(400);
    expect(unmarked.body.error).toBe(messages.staleNotMarked);
    await me.call('PATCH', `/subnets/${subnetId}`, { staleAfterDays: 7 });
    const db = t.current.db;
    const page = async (now: Date, sort?: 'hostname') =>
      JSON.parse(
        await readAddressPage(db, me.accountId, subnetId, {
          filter: 'stale',
          q: null,
          cursor: null,
          limit: 50,
          now,
          ...(sort ? { sort } : {}),
        }),
      ) as { items: { ipAddress: string; status: string }[]; total: number };
    // Now: nothing is stale.
    const fresh = await me.call('GET', `/subnets/${subnetId}/addresses?filter=stale`);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ items: [], total: 0 });
    // Eight days on: the two seen addresses are stale; the typed one, never seen, is not.
    const later = new Date(Date.now() + 8 * DAY_MS);
    const stale = await page(later);
    expect(stale.items.map((item) => item.ipAddress)).toEqual(['10.41.0.1', '10.41.0.2']);
    expect(stale.total).toBe(2);
    expect((await page(later, 'hostname')).items.map((item) => item.ipAddress)).toEqual([
      '10.41.0.1',
      '10.41.0.2',
    ]);
    // Six days on: not yet.
    expect((await page(new Date(Date.now() + 6 * DAY_MS))).total).toBe(0);
    // The dashboard lists them; an account without stale ones lists none.
    const account = await findAccountById(db, me.accountId);
    if (!account) throw new Error('account vanished');
    const dashboard = await accountDashboard(db, account, later);
    expect(dashboard.staleAddresses.total).toBe(2);
    expect(dashboard.staleAddresses.items.map((item) => [item.ipAddress, item.cidr])).toEqual([
      ['10.41.0.1', '10.41.0.0/28'],
      ['10.41.0.2', '10.41.0.0/28'],
    ]);
    expect((await accountDashboard(db, account)).staleAddresses).toEqual({ total: 0, items: [] });
    // Being stale changes nothing: status and hostname stay as the scan wrote them.
    expect(await addressOf(me, subnetId, '10.41.0.1')).toMatchObject({ status: 'In Use' });
  });

  it('flags an address that answers with another MAC until a person edits it', async () => {
    const { me, subnetId, key } = await scannedSubnet(t.current, '10.42.0.0/29', 'auto');
    await agent(t.current, key).results({
      subnetId,
      ...times,
      hosts: [up('10.42.0.1', 'aa:bb:cc:00:00:01')],
    });
    // A first MAC is no conflict.
    expect(await addressOf(me, subnetId, '10.42.0.1')).toMatchObject({
      previousMac: null,
      macChangedAt: null,
    });
    await agent(t.current, key).results({
      subnetId,
      ...times,
      hosts: [up('10.42.0.1', 'aa:bb:cc:00:00:02')],
    });
    const flagged = await addressOf(me, subnetId, '10.42.0.1');
    expect(flagged).toMatchObject({ mac: 'aa:bb:cc:00:00:02', previousMac: 'aa:bb:cc:00:00:01' });
    expect(flagged.macChangedAt).toBe(flagged.lastSeen);
    // The same MAC again keeps the flag; a scan never clears it.
    await agent(t.current, key).results({
      subnetId,
      ...times,
      hosts: [up('10.42.0.1', 'aa:bb:cc:00:00:02')],
    });
    expect((await addressOf(me, subnetId, '10.42.0.1')).previousMac).toBe('aa:bb:cc:00:00:01');
    // A person's edit takes the change as known.
    const edited = await me.call('PUT', `/subnets/${subnetId}/addresses/10.42.0.1`, {
      status: 'In Use',
      hostname: 'new-box.lan',
      description: '',
      allowScannerUpdate: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ mac: 'aa:bb:cc:00:00:02', previousMac: null, macChangedAt: null });
    expect(await addressOf(me, subnetId, '10.42.0.1')).toMatchObject({ previousMac: null });
  });
});
