import { expect, it } from 'vitest';
import { messages } from '@ipam/core/messages';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { goodPassword, signUp, useTestApp } from '../../test/factories.js';

for (const dialect of DIALECTS) {
  describeOn(dialect)(`password change, sessions and profile (${dialect})`, () => {
    const t = useTestApp(dialect);
    const logIn = async (email: string, password = goodPassword) => {
      const client = t.current.client({ 'user-agent': 'Second Browser' });
      const response = await client.post('/api/auth/login', { email, password });
      return { client, status: response.status };
    };

    it('changes the password and ends the other sessions, keeping this one', async () => {
      const user = await signUp(t.current);
      const other = await logIn(user.email);
      const wrong = await user.client.post('/api/auth/password', {
        currentPassword: 'not my password',
        newPassword: 'new horse staple',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toEqual({ currentPassword: messages.currentPasswordWrong });
      const weak = await user.client.post('/api/auth/password', {
        currentPassword: goodPassword,
        newPassword: user.email,
      });
      expect(weak.body.fields).toEqual({ newPassword: messages.weakPassword });
      const short = await user.client.post('/api/auth/password', {
        currentPassword: goodPassword,
        newPassword: 'short',
      });
      expect(short.body.fields).toEqual({ newPassword: messages.passwordTooShort });
      const changed = await user.client.post('/api/auth/password', {
        currentPassword: goodPassword,
        newPassword: 'new horse staple',
      });
      expect(changed.status).toBe(204);
      expect((await user.client.get('/api/auth/me')).status).toBe(200);
      expect((await other.client.get('/api/auth/me')).status).toBe(401);
      expect((await logIn(user.email)).status).toBe(401);
      expect((await logIn(user.email, 'new horse staple')).status).toBe(200);
    });

    it('refuses a password change without a session', async () => {
      const anonymous = await t.current.client().post('/api/auth/password', {
        currentPassword: goodPassword,
        newPassword: 'new horse staple',
      });
      expect(anonymous.status).toBe(401);
    });

    it("lists the user's sessions and logs out the others", async () => {
      const user = await signUp(t.current);
      const other = await logIn(user.email);
      const list = await user.client.get('/api/auth/sessions');
      expect(list.status).toBe(200);
      expect(list.body.items).toHaveLength(2);
      expect(list.body.items.filter((s: { isCurrent: boolean }) => s.isCurrent)).toHaveLength(1);
      expect(list.body.items.map((s: { userAgent: string | null }) => s.userAgent)).toContain(
        'Second Browser',
      );
      const ended = await user.client.delete('/api/auth/sessions/others');
      expect(ended.body).toEqual({ ended: 1 });
      expect((await other.client.get('/api/auth/me')).status).toBe(401);
      expect((await user.client.get('/api/auth/sessions')).body.items).toHaveLength(1);
    });

    it("cannot end another user's session by its id", async () => {
      const user = await signUp(t.current);
      const victim = await signUp(t.current);
      const [victimSession] = (await victim.client.get('/api/auth/sessions')).body.items;
      const attack = await user.client.delete(`/api/auth/sessions/${victimSession.id}`);
      expect(attack.status).toBe(404);
      expect((await victim.client.get('/api/auth/me')).status).toBe(200);
      const other = await logIn(user.email);
      const mine = (await user.client.get('/api/auth/sessions')).body.items.find(
        (s: { isCurrent: boolean }) => !s.isCurrent,
      );
      expect((await user.client.delete(`/api/auth/sessions/${mine.id}`)).status).toBe(204);
      expect((await other.client.get('/api/auth/me')).status).toBe(401);
      expect((await t.current.client().get('/api/auth/sessions')).status).toBe(401);
    });

    it('sets and clears the display name', async () => {
      const user = await signUp(t.current);
      const set = await user.client.put('/api/auth/profile', { displayName: '  Ada Lovelace ' });
      expect(set.status).toBe(200);
      expect(set.body.user.displayName).toBe('Ada Lovelace');
      const cleared = await user.client.put('/api/auth/profile', { displayName: '' });
      expect(cleared.body.user.displayName).toBeNull();
      const long = await user.client.put('/api/auth/profile', { displayName: 'x'.repeat(101) });
      expect(long.status).toBe(400);
    });

    it('keeps the chosen current account across logging out and in', async () => {
      const owner = await signUp(t.current);
      const member = await signUp(t.current);
      await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: member.email });
      const again = await logIn(member.email);
      const chosen = await again.client.put('/api/auth/current-account', { accountId: owner.accountId });
      expect(chosen.body.currentAccountId).toBe(owner.accountId);
      await again.client.post('/api/auth/logout');
      const fresh = t.current.client();
      const login = await fresh.post('/api/auth/login', { email: member.email, password: goodPassword });
      expect(login.body.currentAccountId).toBe(owner.accountId);
      expect(fresh.cookies.get('accountId')).toBe(owner.accountId);
      expect((await fresh.get('/api/auth/me')).body.currentAccountId).toBe(owner.accountId);
    });
  });
}
