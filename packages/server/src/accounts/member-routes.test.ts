import { expect, it } from 'vitest';
import { updateTierAndLimits } from './account-repository.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp, type TestApp } from '../../test/factories.js';

/** An owner with one member (an admin, who manages the team) who joined through an invite. */
async function teamOfTwo(t: TestApp) {
  const owner = await signUp(t);
  const memberEmail = uniqueEmail('member');
  await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: memberEmail, role: 'admin' });
  const member = await signUp(t, memberEmail);
  return { owner, member };
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`account users (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('lists users with the owner flagged, owner first', async () => {
      const { owner, member } = await teamOfTwo(t.current);
      const list = await member.client.get(`/api/accounts/${owner.accountId}/users`);
      expect(list.status).toBe(200);
      expect(list.body.items).toEqual([
        {
          id: owner.userId,
          email: owner.email,
          displayName: null,
          lastLogin: expect.any(String),
          isOwner: true,
          role: 'owner',
          groupIds: [],
        },
        {
          id: member.userId,
          email: member.email,
          displayName: null,
          lastLogin: expect.any(String),
          isOwner: false,
          role: 'admin',
          groupIds: [],
        },
      ]);
    });

    it('never removes the owner', async () => {
      const { owner, member } = await teamOfTwo(t.current);
      for (const client of [owner.client, member.client]) {
        const response = await client.delete(`/api/accounts/${owner.accountId}/users/${owner.userId}`);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          error: 'The account owner cannot be removed.',
          code: 'owner_not_removable',
        });
      }
    });

    it('cuts a removed user off at once', async () => {
      const { owner, member } = await teamOfTwo(t.current);
      expect((await member.client.get(`/api/accounts/${owner.accountId}`)).status).toBe(200);
      const removed = await owner.client.delete(`/api/accounts/${owner.accountId}/users/${member.userId}`);
      expect(removed.status).toBe(204);
      expect((await member.client.get(`/api/accounts/${owner.accountId}`)).status).toBe(404);
      expect((await member.client.get(`/api/accounts/${owner.accountId}/users`)).status).toBe(404);
      const me = await member.client.get('/api/auth/me');
      expect(me.body.accounts.map((a: { id: string }) => a.id)).toEqual([member.accountId]);
      const again = await owner.client.delete(`/api/accounts/${owner.accountId}/users/${member.userId}`);
      expect(again.status).toBe(404);
    });

    it('treats a user of another account as not found', async () => {
      const owner = await signUp(t.current);
      const stranger = await signUp(t.current);
      const response = await owner.client.delete(`/api/accounts/${owner.accountId}/users/${stranger.userId}`);
      expect(response.status).toBe(404);
      expect((await stranger.client.get('/api/auth/me')).status).toBe(200);
    });

    it('applies changed limits to the next request (read fresh from the database)', async () => {
      const owner = await signUp(t.current);
      await updateTierAndLimits(t.current.db, owner.accountId, { tier: 4, maxusers: 7, maxnetworks: 42 });
      const account = await owner.client.get(`/api/accounts/${owner.accountId}`);
      expect(account.body).toMatchObject({ tier: 4, tierName: 'Custom', maxusers: 7, maxnetworks: 42 });
      const stats = await owner.client.get(`/api/accounts/${owner.accountId}/stats`);
      expect(stats.body).toEqual({ totalSubnets: 0, totalGroups: 0, maxNetworks: 42 });
      const list = await owner.client.get('/api/accounts');
      expect(list.body.items).toHaveLength(1);
      expect(list.body.items[0].maxusers).toBe(7);
    });
  });
}
