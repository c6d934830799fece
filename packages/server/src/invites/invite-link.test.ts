import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { goodPassword, signUp, uniqueEmail, useTestApp } from '../../test/factories.js';

const tokenOf = (url: string) => new URL(url).searchParams.get('invite') ?? '';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`invite links without e-mail (${dialect})`, () => {
    const t = useTestApp(dialect, { PUBLIC_URL: 'http://ipam.test', BILLING: 'test' });

    it('answers the link and says no e-mail went out; signing up through it joins the account', async () => {
      const owner = await signUp(t.current);
      const created = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
        email: uniqueEmail('invited'),
      });
      expect(created.status).toBe(201);
      expect(created.body.isMailed).toBe(false);
      expect(created.body.inviteUrl).toMatch(
        /^http:\/\/ipam\.test\/login\?tab=signup&invite=[A-Za-z0-9_-]{43}$/,
      );
      // The invitee signs up with another address of theirs: the link, not the address, decides.
      const client = t.current.client();
      const joined = await client.post('/api/auth/signup', {
        email: uniqueEmail('real-address'),
        password: goodPassword,
        inviteToken: tokenOf(created.body.inviteUrl),
      });
      expect(joined.status).toBe(201);
      expect(joined.body.accounts.map((a: { id: string }) => a.id)).toContain(owner.accountId);
      expect((await owner.client.get(`/api/accounts/${owner.accountId}/invites`)).body.items).toEqual([]);
      // The link is single use.
      const reuse = await t.current.client().post('/api/auth/signup', {
        email: uniqueEmail('late'),
        password: goodPassword,
        inviteToken: tokenOf(created.body.inviteUrl),
      });
      expect(reuse.status).toBe(201);
      expect(reuse.body.accounts.map((a: { id: string }) => a.id)).not.toContain(owner.accountId);
    });

    it('shows a pending invite’s link again as a new one; the old link stops working; login accepts it', async () => {
      const owner = await signUp(t.current);
      const existing = await signUp(t.current);
      const created = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
        email: uniqueEmail('someone'),
      });
      const again = await owner.client.post(
        `/api/accounts/${owner.accountId}/invites/${created.body.id}/link`,
      );
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: created.body.id, isMailed: false });
      expect(again.body.inviteUrl).not.toBe(created.body.inviteUrl);
      const login = (inviteToken: string) =>
        t.current
          .client()
          .post('/api/auth/login', { email: existing.email, password: goodPassword, inviteToken });
      const stale = await login(tokenOf(created.body.inviteUrl));
      expect(stale.body.accounts.map((a: { id: string }) => a.id)).not.toContain(owner.accountId);
      const fresh = await login(tokenOf(again.body.inviteUrl));
      expect(fresh.body.accounts.map((a: { id: string }) => a.id)).toContain(owner.accountId);
    });

    it("cannot show another account's invite link", async () => {
      const owner = await signUp(t.current);
      const other = await signUp(t.current);
      const invite = await other.client.post(`/api/accounts/${other.accountId}/invites`, {
        email: uniqueEmail(),
      });
      const foreign = await owner.client.post(
        `/api/accounts/${owner.accountId}/invites/${invite.body.id}/link`,
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toBe(messages.notFound);
      const outsider = await owner.client.post(
        `/api/accounts/${other.accountId}/invites/${invite.body.id}/link`,
      );
      expect(outsider.status).toBe(404);
    });
  });
}
