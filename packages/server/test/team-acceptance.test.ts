import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from './dialects.js';
import { signUp, uniqueEmail, useTestApp } from './factories.js';

// Issue #3 acceptance: a new user signs up, sees one Free account, invites a colleague who joins by
// signing up; an outsider can read or change nothing of it.
for (const dialect of DIALECTS) {
  describeOn(dialect)(`acceptance: a team of two (${dialect})`, () => {
    const t = useTestApp(dialect);

    it('signs up, invites a colleague who joins, and keeps an outsider out', async () => {
      const founder = await signUp(t.current, uniqueEmail('founder'));
      const accounts = await founder.client.get('/api/accounts');
      expect(accounts.body.items).toHaveLength(1);
      expect(accounts.body.items[0]).toMatchObject({ tier: 0, tierName: 'Free', isOwner: true });
      const accountPath = `/api/accounts/${founder.accountId}`;

      const colleagueEmail = uniqueEmail('colleague');
      expect((await founder.client.post(`${accountPath}/invites`, { email: colleagueEmail })).status).toBe(
        201,
      );
      const colleague = await signUp(t.current, colleagueEmail);
      const colleagueMe = await colleague.client.get('/api/auth/me');
      expect(colleagueMe.body.accounts.map((a: { id: string }) => a.id)).toEqual(
        expect.arrayContaining([founder.accountId, colleague.accountId]),
      );
      const team = await colleague.client.get(`${accountPath}/users`);
      expect(team.body.items.map((u: { email: string }) => u.email).sort()).toEqual(
        [founder.email, colleagueEmail].sort(),
      );

      const outsider = await signUp(t.current, uniqueEmail('outsider'));
      const reads = ['', '/stats', '/users', '/invites'];
      for (const suffix of reads) {
        expect((await outsider.client.get(`${accountPath}${suffix}`)).status).toBe(404);
      }
      expect((await outsider.client.post(`${accountPath}/invites`, { email: uniqueEmail() })).status).toBe(
        404,
      );
      expect((await outsider.client.delete(`${accountPath}/users/${colleague.userId}`)).status).toBe(404);
      expect(
        (await outsider.client.put('/api/auth/current-account', { accountId: founder.accountId })).status,
      ).toBe(404);
      const outsiderAccounts = await outsider.client.get('/api/accounts');
      expect(outsiderAccounts.body.items.map((a: { id: string }) => a.id)).toEqual([outsider.accountId]);

      // Nothing changed for the team.
      expect((await founder.client.get(`${accountPath}/users`)).body.items).toHaveLength(2);
      expect((await founder.client.get(`${accountPath}/invites`)).body.items).toEqual([]);
    });
  });
}
