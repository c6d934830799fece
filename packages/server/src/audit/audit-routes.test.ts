import { describe, expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { uniqueEmail, useTestApp } from '../../test/factories.js';
import {
  accountSession,
  addressFields,
  contextOf,
  postGroup,
  postSubnet,
  sessionFor,
  type AccountSession,
} from '../../test/ipam-factories.js';
import { signUp } from '../../test/factories.js';
import { setAddress } from '../addresses/address-writes.js';
import { auditTimestamp } from './audit-repository.js';

describe('audit timestamps', () => {
  it('increase strictly within the process, also many in one millisecond', () => {
    const times = Array.from({ length: 3000 }, () => auditTimestamp());
    expect(new Set(times).size).toBe(times.length);
    expect([...times].sort()).toEqual(times);
    expect(times[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(Math.abs(Date.parse(times[0] ?? '') - Date.now())).toBeLessThan(5000);
  });
});

interface Entry {
  id: string;
  at: string;
  action: string;
  entity: string;
  entityId: string;
  subnetId: string | null;
  userId: string | null;
  userEmail: string | null;
}

/** Every entry of the log, page by page, following nextCursor. */
async function allPages(me: AccountSession, query: string, limit: number): Promise<Entry[][]> {
  const pages: Entry[][] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const response = await me.call('GET', `/audit?${params}`);
    expect(response.status).toBe(200);
    pages.push(response.body.items);
    cursor = response.body.nextCursor;
  } while (cursor !== null && pages.length < 100);
  return pages;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`audit log route (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('pages through every change newest first, each once, with who and when', async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const subnet = (await postSubnet(me, group.id, '10.0.0.0/24')).body;
      const ctx = await contextOf(t.current.db, me);
      for (let i = 1; i <= 6; i++)
        await setAddress(ctx, subnet.id, `10.0.0.${i}`, addressFields({ status: 'In Use' }));
      await me.call('PATCH', `/groups/${group.id}`, { name: 'G2' });

      const first = await me.call('GET', '/audit');
      expect(first.status).toBe(200);
      const everything: Entry[] = first.body.items;
      expect(everything).toHaveLength(9);
      expect(first.body.nextCursor).toBeNull();
      expect(everything[0]).toMatchObject({
        action: 'update',
        entity: 'group',
        entityId: group.id,
        userId: me.userId,
        userEmail: me.email,
        subnetId: null,
        before: { name: 'G' },
        after: { name: 'G2' },
      });
      const times = everything.map((e) => e.at);
      expect([...times].sort().reverse()).toEqual(times);

      const empty = await me.call('GET', '/audit?subnetId=&cursor=');
      expect(empty.body.items).toEqual(everything);

      const pages = await allPages(me, '', 2);
      expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 2, 1]);
      expect(pages.flat().map((e) => e.id)).toEqual(everything.map((e) => e.id));
    });

    it("narrows to one subnet's history, which outlives the subnet", async () => {
      const me = await accountSession(t.current, { tier: 1 });
      const group = await postGroup(me, 'G');
      const a = (await postSubnet(me, group.id, '10.1.0.0/24')).body;
      const b = (await postSubnet(me, group.id, '10.2.0.0/24')).body;
      const ctx = await contextOf(t.current.db, me);
      await setAddress(ctx, a.id, '10.1.0.9', addressFields({ status: 'Available', hostname: 'a-host' }));
      await setAddress(ctx, b.id, '10.2.0.9', addressFields({ status: 'Available', hostname: 'b-host' }));
      await me.call('DELETE', `/subnets/${a.id}`);
      const history = (await allPages(me, `subnetId=${a.id}`, 50)).flat();
      expect(history.map((e) => `${e.action} ${e.entity}`)).toEqual(
        expect.arrayContaining(['create subnet', 'update address', 'delete subnet']),
      );
      expect(history).toHaveLength(3);
      expect(history.every((e) => e.subnetId === a.id)).toBe(true);
    });

    it("shows members the account's log and nobody another account's entries", async () => {
      const owner = await accountSession(t.current, { tier: 1 });
      const memberEmail = uniqueEmail('member');
      await owner.call('POST', '/invites', { email: memberEmail });
      const memberUser = await signUp(t.current, memberEmail);
      const member = sessionFor(memberUser.client, { ...memberUser, accountId: owner.accountId });
      await postGroup(member, 'Made by the member');
      const outsider = await accountSession(t.current);
      await postGroup(outsider, 'Outsider group');

      const log = (await owner.call('GET', '/audit')).body.items as Entry[];
      const groupEntry = log.find((e) => e.entity === 'group');
      expect(groupEntry).toMatchObject({ userId: memberUser.userId, userEmail: memberEmail });
      expect(log.some((e) => e.userId === outsider.userId)).toBe(false);
      expect((await member.call('GET', '/audit')).body.items).toEqual(log);
      expect((await outsider.client.get(`/api/accounts/${owner.accountId}/audit`)).status).toBe(404);
    });

    it('refuses a made-up cursor and a bad limit with a clear message', async () => {
      const me = await accountSession(t.current);
      const badCursor = await me.call('GET', '/audit?cursor=not-a-cursor');
      expect(badCursor.status).toBe(400);
      expect(badCursor.body).toMatchObject({ error: messages.invalidCursor, code: 'validation_failed' });
      const forged = Buffer.from("2026-01-01T00:00:00.000Z|' or 1=1 --", 'utf8').toString('base64url');
      expect((await me.call('GET', `/audit?cursor=${forged}`)).status).toBe(400);
      for (const limit of ['0', '501', 'ten', '1.5']) {
        expect((await me.call('GET', `/audit?limit=${limit}`)).status).toBe(400);
      }
      expect((await me.call('GET', '/audit?colour=red')).status).toBe(400);
    });
  });
}
