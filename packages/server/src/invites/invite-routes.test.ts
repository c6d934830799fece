import { afterAll, expect, it } from 'vitest';
import { pageAudit } from '../audit/audit-repository.js';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { messages } from '@ipam/core/messages';
import { goodPassword, signUp, startSmtpSink, uniqueEmail, useTestApp } from '../../test/factories.js';
import { eventually } from '../../test/sse-client.js';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

for (const dialect of DIALECTS) {
  describeOn(dialect)(`invites (${dialect})`, () => {
    const t = useTestApp(dialect, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://ipam.test', BILLING: 'test' });

    it('links an invitee who signs up, and the invite disappears', async () => {
      const owner = await signUp(t.current);
      const inviteeEmail = uniqueEmail('colleague');
      const created = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
        email: ` ${inviteeEmail.toUpperCase()} `,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        id: expect.any(String),
        email: inviteeEmail,
        invitedAt: expect.any(String),
        inviteUrl: expect.stringMatching(/^http:\/\/ipam\.test\/login\?tab=signup&invite=/),
        isMailed: true,
      });
      const pending = await owner.client.get(`/api/accounts/${owner.accountId}/invites`);
      const { id, email, invitedAt } = created.body;
      expect(pending.body.items).toEqual([{ id, email, invitedAt, role: 'editor' }]);

      const invitee = await signUp(t.current, inviteeEmail);
      const me = await invitee.client.get('/api/auth/me');
      // The invitee's own account comes first in the list; the inviting one is current (issue 29).
      expect(me.body.accounts[0].id).toBe(invitee.accountId);
      expect(me.body.currentAccountId).toBe(owner.accountId);
      const ids = me.body.accounts.map((a: { id: string }) => a.id);
      expect(ids).toContain(owner.accountId);
      expect(me.body.accounts.find((a: { id: string }) => a.id === owner.accountId).isOwner).toBe(false);
      const after = await owner.client.get(`/api/accounts/${owner.accountId}/invites`);
      expect(after.body.items).toEqual([]);
      const users = await owner.client.get(`/api/accounts/${owner.accountId}/users`);
      expect(users.body.items.map((u: { email: string }) => u.email)).toEqual([owner.email, inviteeEmail]);
      const audit = await pageAudit(t.current.db, owner.accountId, { limit: 10 });
      expect(audit.map((a) => `${a.action} ${a.entity}`)).toEqual(
        expect.arrayContaining(['create invite', 'create member']),
      );
    });

    it('links an existing user at their next login', async () => {
      const owner = await signUp(t.current);
      const existing = await signUp(t.current);
      await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: existing.email });
      const before = await existing.client.get(`/api/accounts/${owner.accountId}`);
      expect(before.status).toBe(404);
      const login = await t.current
        .client()
        .post('/api/auth/login', { email: existing.email, password: goodPassword });
      expect(login.status).toBe(200);
      expect(login.body.accounts.map((a: { id: string }) => a.id)).toContain(owner.accountId);
      expect((await existing.client.get(`/api/accounts/${owner.accountId}`)).status).toBe(200);
    });

    it('sends the invite e-mail through SMTP', async () => {
      const owner = await signUp(t.current);
      const inviteeEmail = uniqueEmail('mailed');
      const created = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
        email: inviteeEmail,
      });
      const mail = smtp.messages.find((m) => m.to.includes(inviteeEmail));
      // The quoted-printable body, soft line breaks and escaped '=' undone: it carries the invite's link.
      const text = (mail?.raw ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '=');
      expect(text).toContain(created.body.inviteUrl);
      expect(mail?.raw).toContain(owner.email);
    });

    it('sends one address at most 3 invitation e-mails a day, however often it is withdrawn (issue 19)', async () => {
      const owner = await signUp(t.current);
      const other = await signUp(t.current);
      const target = uniqueEmail('inbox');
      const invite = (who: typeof owner) =>
        who.client.post(`/api/accounts/${who.accountId}/invites`, { email: target });
      for (let i = 0; i < 3; i++) {
        const created = await invite(i === 1 ? other : owner);
        expect(created.status).toBe(201);
        const who = i === 1 ? other : owner;
        expect(
          (await who.client.delete(`/api/accounts/${who.accountId}/invites/${created.body.id}`)).status,
        ).toBe(204);
      }
      const refused = await invite(owner);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: messages.inviteMailLimitRecipient(3),
        code: 'rate_limited',
        fields: { email: messages.inviteMailLimitRecipient(3) },
      });
      expect((await owner.client.get(`/api/accounts/${owner.accountId}/invites`)).body.items).toEqual([]);
      await eventually(() => smtp.messages.filter((m) => m.to.includes(target)).length === 3);
      // Another address is not affected.
      expect(
        (await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: uniqueEmail() }))
          .status,
      ).toBe(201);
    });

    it('refuses a bad e-mail, a member, a second invite and more invites than maxusers', async () => {
      const owner = await signUp(t.current);
      const path = `/api/accounts/${owner.accountId}/invites`;
      const bad = await owner.client.post(path, { email: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Invalid email address.');
      const member = await owner.client.post(path, { email: owner.email });
      expect(member.status).toBe(409);
      expect(member.body.code).toBe('already_member');
      const first = uniqueEmail();
      expect((await owner.client.post(path, { email: first })).status).toBe(201);
      const again = await owner.client.post(path, { email: first });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('already_invited');
      // Free: maxusers 2 = the owner + one pending invite.
      const over = await owner.client.post(path, { email: uniqueEmail() });
      expect(over.status).toBe(403);
      expect(over.body).toEqual({
        error: 'You have reached the maximum number of users (2) allowed for your plan.',
        code: 'user_limit_reached',
      });
    });

    it("withdraws an invite; another account's invite is a 404", async () => {
      const owner = await signUp(t.current);
      const other = await signUp(t.current);
      const invite = await other.client.post(`/api/accounts/${other.accountId}/invites`, {
        email: uniqueEmail(),
      });
      const foreign = await owner.client.delete(`/api/accounts/${owner.accountId}/invites/${invite.body.id}`);
      expect(foreign.status).toBe(404);
      expect((await other.client.get(`/api/accounts/${other.accountId}/invites`)).body.items).toHaveLength(1);
      const withdrawn = await other.client.delete(
        `/api/accounts/${other.accountId}/invites/${invite.body.id}`,
      );
      expect(withdrawn.status).toBe(204);
      expect((await other.client.get(`/api/accounts/${other.accountId}/invites`)).body.items).toEqual([]);
    });
  });
}
