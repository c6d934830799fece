import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet } from '../../test/ipam-factories.js';
import { randomUUID } from 'node:crypto';
import { MAX_GROUPS_PER_ACCOUNT } from '@ipam/core/schemas/group-schemas';
import { pageAudit } from '../audit/audit-repository.js';
import { insertGroup } from './group-repository.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`group routes (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('creates a group (name trimmed, top level by default) and lists groups by name', async () => {
      const me = await accountSession(t.current);
      const created = await me.call('POST', '/groups', { name: '  Servers  ', description: ' racks ' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        parentId: '',
        name: 'Servers',
        description: 'racks',
        updatedDate: expect.any(String),
        updatedBy: me.userId,
      });
      await postGroup(me, 'branch offices');
      await postGroup(me, 'Access', created.body.id);
      const list = await me.call('GET', '/groups');
      expect(list.status).toBe(200);
      expect(list.body.items.map((g: { name: string }) => g.name)).toEqual([
        'Access',
        'branch offices',
        'Servers',
      ]);
      expect(list.body.items[0].parentId).toBe(created.body.id);
    });

    it('lists groups by name ignoring case, non-ASCII letters included, the same on both engines', async () => {
      const me = await accountSession(t.current);
      for (const name of ['Éb', 'éa', 'b', 'A', 'Zulu', 'a-c', 'ab']) await postGroup(me, name);
      const list = await me.call('GET', '/groups');
      expect(list.body.items.map((g: { name: string }) => g.name)).toEqual([
        'A',
        'a-c',
        'ab',
        'b',
        'Zulu',
        'éa',
        'Éb',
      ]);
    });

    it('refuses an empty name with the spec message, unknown fields and a parent that is not ours', async () => {
      const me = await accountSession(t.current);
      const other = await accountSession(t.current);
      const theirs = await postGroup(other, 'Theirs');
      for (const body of [{ name: '   ' }, { name: '' }, {}]) {
        const response = await me.call('POST', '/groups', body);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          error: messages.groupNameRequired,
          code: 'validation_failed',
          fields: { name: messages.groupNameRequired },
        });
      }
      const unknown = await me.call('POST', '/groups', { name: 'A', color: 'red' });
      expect(unknown.status).toBe(400);
      const foreignParent = await me.call('POST', '/groups', { name: 'A', parentId: theirs.id });
      expect(foreignParent.status).toBe(400);
      expect(foreignParent.body.error).toBe(messages.parentGroupNotFound);
      expect((await me.call('GET', '/groups')).body.items).toEqual([]);
    });

    it('renames, describes and moves a group, and back to the top level', async () => {
      const me = await accountSession(t.current);
      const parent = await postGroup(me, 'Parent');
      const child = await postGroup(me, 'Child');
      const moved = await me.call('PATCH', `/groups/${child.id}`, {
        name: ' Renamed ',
        description: 'now described',
        parentId: parent.id,
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        name: 'Renamed',
        description: 'now described',
        parentId: parent.id,
      });
      const onlyDescription = await me.call('PATCH', `/groups/${child.id}`, { description: '' });
      expect(onlyDescription.body).toMatchObject({ name: 'Renamed', description: '', parentId: parent.id });
      for (const top of [null, '']) {
        await me.call('PATCH', `/groups/${child.id}`, { parentId: parent.id });
        const back = await me.call('PATCH', `/groups/${child.id}`, { parentId: top });
        expect(back.body.parentId).toBe('');
      }
      const blank = await me.call('PATCH', `/groups/${child.id}`, { name: ' ' });
      expect(blank.status).toBe(400);
      expect(blank.body.error).toBe(messages.groupNameRequired);
    });

    it(`holds at most ${MAX_GROUPS_PER_ACCOUNT} groups per account, so the list stays bounded (issue 19)`, async () => {
      const me = await accountSession(t.current);
      const now = new Date().toISOString();
      await t.current.db.transaction().execute(async (trx) => {
        for (let i = 1; i < MAX_GROUPS_PER_ACCOUNT; i++) {
          await insertGroup(trx, me.accountId, {
            id: randomUUID(),
            name: `g${i}`,
            description: '',
            parentId: '',
            updatedDate: now,
            updatedBy: me.userId,
            createdAt: now,
          });
        }
      });
      expect((await me.call('POST', '/groups', { name: 'last one' })).status).toBe(201);
      const refused = await me.call('POST', '/groups', { name: 'one too many' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: messages.groupLimitReached(MAX_GROUPS_PER_ACCOUNT),
        code: 'group_limit_reached',
      });
      const list = await me.call('GET', '/groups');
      expect(list.body.items).toHaveLength(MAX_GROUPS_PER_ACCOUNT);
    });

    it('refuses to make a group its own ancestor', async () => {
      const me = await accountSession(t.current);
      const a = await postGroup(me, 'A');
      const b = await postGroup(me, 'B', a.id);
      const c = await postGroup(me, 'C', b.id);
      for (const [group, parent] of [
        [a, c],
        [a, b],
        [a, a],
        [b, c],
      ] as const) {
        const response = await me.call('PATCH', `/groups/${group.id}`, { parentId: parent.id });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ error: messages.groupCycle, code: 'group_cycle' });
      }
      const list = (await me.call('GET', '/groups')).body.items as { id: string; parentId: string }[];
      expect(Object.fromEntries(list.map((g) => [g.id, g.parentId]))).toEqual({
        [a.id]: '',
        [b.id]: a.id,
        [c.id]: b.id,
      });
      // Moving a subtree elsewhere is fine.
      expect((await me.call('PATCH', `/groups/${c.id}`, { parentId: a.id })).status).toBe(200);
    });

    it('lets only one of two crossing moves through at the same time (no cycle)', async () => {
      const me = await accountSession(t.current);
      const a = await postGroup(me, 'A');
      const b = await postGroup(me, 'B');
      const results = await Promise.all([
        me.call('PATCH', `/groups/${a.id}`, { parentId: b.id }),
        me.call('PATCH', `/groups/${b.id}`, { parentId: a.id }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const list = (await me.call('GET', '/groups')).body.items as { parentId: string }[];
      expect(list.filter((g) => g.parentId === '')).toHaveLength(1);
    });

    it('refuses to delete a group that still holds groups or subnets, and deletes an empty one', async () => {
      const me = await accountSession(t.current);
      const parent = await postGroup(me, 'Parent');
      const child = await postGroup(me, 'Child', parent.id);
      const withSubnet = await postGroup(me, 'Holds a subnet');
      expect((await postSubnet(me, withSubnet.id, '192.168.7.0/24')).status).toBe(201);

      const refused = await me.call('DELETE', `/groups/${parent.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: messages.groupNotEmpty(1, 0), code: 'group_not_empty' });
      const refusedSubnet = await me.call('DELETE', `/groups/${withSubnet.id}`);
      expect(refusedSubnet.status).toBe(409);
      expect(refusedSubnet.body.error).toBe(messages.groupNotEmpty(0, 1));
      expect((await me.call('GET', '/groups')).body.items).toHaveLength(3);
      expect((await me.call('GET', '/subnets')).body.items).toHaveLength(1);

      expect((await me.call('DELETE', `/groups/${child.id}`)).status).toBe(204);
      expect((await me.call('DELETE', `/groups/${parent.id}`)).status).toBe(204);
      const names = (await me.call('GET', '/groups')).body.items.map((g: { name: string }) => g.name);
      expect(names).toEqual(['Holds a subnet']);
      expect((await me.call('DELETE', `/groups/${parent.id}`)).status).toBe(404);
    });

    it("answers 404 for another account's group and leaves it untouched", async () => {
      const me = await accountSession(t.current);
      const other = await accountSession(t.current);
      const theirs = await postGroup(other, 'Theirs');
      const patched = await me.call('PATCH', `/groups/${theirs.id}`, { name: 'Mine now' });
      expect(patched.status).toBe(404);
      expect(patched.body).toEqual({ error: messages.notFound, code: 'not_found' });
      expect((await me.call('DELETE', `/groups/${theirs.id}`)).status).toBe(404);
      // Through their account's path I am not a member at all.
      expect(
        (await me.client.request('DELETE', `/api/accounts/${other.accountId}/groups/${theirs.id}`, {}))
          .status,
      ).toBe(404);
      expect((await other.call('GET', '/groups')).body.items).toMatchObject([
        { id: theirs.id, name: 'Theirs' },
      ]);
    });

    it('records every change in the audit log with who, before and after', async () => {
      const me = await accountSession(t.current);
      const group = await postGroup(me, 'Audited');
      await me.call('PATCH', `/groups/${group.id}`, { name: 'Audited 2' });
      await me.call('DELETE', `/groups/${group.id}`);
      const entries = await pageAudit(t.current.db, me.accountId, { limit: 10 });
      const mine = entries.filter((e) => e.entityId === group.id);
      // Newest first; changes within one millisecond may come in either order, so look each up.
      const byAction = Object.fromEntries(mine.map((e) => [e.action, e]));
      expect(mine).toHaveLength(3);
      expect(
        mine.every((e) => e.userId === me.userId && e.userEmail === me.email && e.entity === 'group'),
      ).toBe(true);
      expect(byAction.create).toMatchObject({ before: null, after: { name: 'Audited' } });
      expect(byAction.update).toMatchObject({ before: { name: 'Audited' }, after: { name: 'Audited 2' } });
      expect(byAction.delete).toMatchObject({ before: { name: 'Audited 2' }, after: null });
    });
  });
}
