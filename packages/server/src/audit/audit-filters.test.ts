import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp } from '../../test/factories.js';
import {
  accountSession,
  contextOf,
  createSubnetIn,
  postGroup,
  postSubnet,
  sessionFor,
  type AccountSession,
} from '../../test/ipam-factories.js';
import { writeAddressesIn } from '../addresses/address-writes.js';
import { runChange } from '../commands/change.js';

interface Entry {
  id: string;
  action: string;
  entity: string;
  entityId: string;
  subnetId: string | null;
  userId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Every entry for a query, following nextCursor page by page; also answers the page sizes. */
async function everyEntry(me: AccountSession, query: Record<string, string>, limit: number) {
  const pages: Entry[][] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response = await me.call('GET', `/audit?${params}`);
    expect(response.status).toBe(200);
    pages.push(response.body.items);
    cursor = response.body.nextCursor;
  } while (cursor !== null && pages.length < 50);
  return { entries: pages.flat(), sizes: pages.map((page) => page.length) };
}

/** A member of the owner's account (invited, then signed up), as an API session on that account. */
async function memberOf(t: Parameters<typeof signUp>[0], owner: AccountSession): Promise<AccountSession> {
  const email = uniqueEmail('member');
  expect((await owner.call('POST', '/invites', { email })).status).toBe(201);
  const user = await signUp(t, email);
  return sessionFor(user.client, { ...user, accountId: owner.accountId });
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`audit log filters and paging (${dialect})`, () => {
    const t = useTestApp(dialect);

    it("shows a subnet's three edits with before and after, newest first", async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'Office');
      const subnet = (await postSubnet(me, group.id, '10.3.0.0/24')).body;
      const edit = (fields: object) => me.call('PUT', `/subnets/${subnet.id}/addresses/10.3.0.7`, fields);
      const base = { status: 'In Use', description: '', allowScannerUpdate: false };
      expect((await edit({ ...base, hostname: 'web01' })).status).toBe(200);
      expect((await edit({ ...base, hostname: 'web02' })).status).toBe(200);
      expect((await edit({ ...base, status: 'Reserved', hostname: 'web02' })).status).toBe(200);

      const { entries } = await everyEntry(me, { subnetId: subnet.id }, 50);
      expect(entries.map((e) => `${e.action} ${e.entity} ${e.entityId}`)).toEqual([
        'update address 10.3.0.7',
        'update address 10.3.0.7',
        'update address 10.3.0.7',
        `create subnet ${subnet.id}`,
      ]);
      const [third, second, first] = entries;
      expect(first?.before).toMatchObject({ status: 'Available', hostname: '' });
      expect(first?.after).toMatchObject({ status: 'In Use', hostname: 'web01' });
      expect(second?.before).toMatchObject({ hostname: 'web01' });
      expect(second?.after).toMatchObject({ hostname: 'web02' });
      expect(third?.before).toMatchObject({ status: 'In Use' });
      expect(third?.after).toMatchObject({ status: 'Reserved' });
    });

    it("narrows to one person's changes, also together with a subnet", async () => {
      const owner = await accountSession(t.current, { tier: 1 });
      const member = await memberOf(t.current, owner);
      const group = await postGroup(owner, 'Shared');
      const subnet = (await postSubnet(owner, group.id, '10.4.0.0/24')).body;
      const fields = { status: 'In Use', description: '', allowScannerUpdate: false };
      await member.call('PUT', `/subnets/${subnet.id}/addresses/10.4.0.1`, {
        ...fields,
        hostname: 'by-member',
      });
      await owner.call('PUT', `/subnets/${subnet.id}/addresses/10.4.0.2`, {
        ...fields,
        hostname: 'by-owner',
      });
      await postGroup(member, 'Member group');

      const byMember = (await everyEntry(owner, { userId: member.userId }, 50)).entries;
      expect(byMember.map((e) => `${e.action} ${e.entity}`)).toEqual([
        'create group',
        'update address',
        'create member',
      ]);
      expect(byMember.every((e) => e.userId === member.userId)).toBe(true);

      const memberInSubnet = (await everyEntry(member, { userId: member.userId, subnetId: subnet.id }, 50))
        .entries;
      expect(memberInSubnet.map((e) => e.entityId)).toEqual(['10.4.0.1']);
      const ownerInSubnet = (await everyEntry(owner, { userId: owner.userId, subnetId: subnet.id }, 50))
        .entries;
      expect(ownerInSubnet.map((e) => `${e.action} ${e.entity}`)).toEqual([
        'update address',
        'create subnet',
      ]);

      const stranger = await accountSession(t.current);
      expect((await everyEntry(owner, { userId: stranger.userId }, 50)).entries).toEqual([]);
    });

    it("answers 404 for another account's subnet and a made-up one, yet keeps a deleted subnet's history", async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const other = await accountSession(t.current, { tier: 1 });
      const otherGroup = await postGroup(other, 'Theirs');
      const theirs = (await postSubnet(other, otherGroup.id, '10.5.0.0/24')).body;
      const mine = (await postSubnet(me, (await postGroup(me, 'Mine')).id, '10.5.0.0/24')).body;

      const foreign = await me.call('GET', `/audit?subnetId=${theirs.id}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ error: 'Not found.', code: 'not_found' });
      expect((await me.call('GET', `/audit?subnetId=${randomUUID()}`)).status).toBe(404);
      expect((await other.call('GET', `/audit?subnetId=${theirs.id}`)).status).toBe(200);

      expect((await me.call('DELETE', `/subnets/${mine.id}`)).status).toBe(204);
      const history = (await everyEntry(me, { subnetId: mine.id }, 50)).entries;
      expect(history.map((e) => `${e.action} ${e.entity}`)).toEqual(['delete subnet', 'create subnet']);
    });

    it('pages through more than 500 entries, each once (no cap)', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const ctx = await contextOf(t.current.db, me);
      const subnet = await createSubnetIn(ctx, '10.6.0.0/22');
      const writes = Array.from({ length: 620 }, (_, i) => ({
        value: subnet.prefix.network + BigInt(i + 1),
        change: () => ({
          status: 'In Use' as const,
          hostname: `host-${i + 1}`,
          description: '',
          allowScannerUpdate: false,
        }),
      }));
      await runChange(ctx, (change) => writeAddressesIn(change, ctx, subnet, writes));

      const big = await everyEntry(me, { subnetId: subnet.id }, 500);
      expect(big.sizes).toEqual([500, 121]);
      expect(new Set(big.entries.map((e) => e.id)).size).toBe(621);
      const small = await everyEntry(me, {}, 200);
      expect(small.sizes).toEqual([200, 200, 200, 22]);
      expect(new Set(small.entries.map((e) => e.id)).size).toBe(622);
    });
  });
}
