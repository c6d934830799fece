import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import {
  goodPassword,
  signUp,
  uniqueEmail,
  useTestApp,
  type TestApp,
  type TestClient,
} from '../../test/factories.js';

const firefoxOnLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface SessionItem {
  id: string;
  createdAt: string;
  lastSeenAt: string | null;
  device: string;
  ipAddress: string | null;
  isCurrent: boolean;
}
interface HistoryItem {
  entity: string;
  userEmail: string | null;
  after: Record<string, unknown> | null;
}

/** The stored last activity of a session, read as the list shows it. */
async function lastSeenOf(testApp: TestApp, sessionId: string): Promise<string | null> {
  const row = await testApp.db
    .selectFrom('sessions')
    .select('last_seen_at')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row.last_seen_at;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`session details and sign-in History (${dialect})`, () => {
    const t = useTestApp(dialect);
    const logIn = async (email: string, password = goodPassword) => {
      const client = t.current.client({ 'user-agent': firefoxOnLinux });
      const response = await client.post('/api/auth/login', { email, password });
      return { client, status: response.status };
    };
    const historyOf = async (client: TestClient, accountId: string) =>
      (await client.get(`/api/accounts/${accountId}/audit`)).body.items as HistoryItem[];

    it('lists each session with its device, address, sign-in and last activity', async () => {
      const user = await signUp(t.current);
      const before = Date.now();
      const firefox = await logIn(user.email);
      const list = await firefox.client.get('/api/auth/sessions');
      expect(list.status).toBe(200);
      const items = list.body.items as SessionItem[];
      expect(items).toHaveLength(2);
      const current = items.find((s) => s.isCurrent);
      expect(current).toMatchObject({ device: 'Firefox on Linux', ipAddress: '127.0.0.1' });
      expect(Date.parse(current?.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
      expect(current?.lastSeenAt).not.toBeNull();
      const signUpSession = items.find((s) => !s.isCurrent);
      expect(signUpSession).toMatchObject({ device: 'Unknown device', ipAddress: '127.0.0.1' });
    });

    it('records last activity at most once a minute per session, on account routes too', async () => {
      const user = await signUp(t.current);
      const [session] = (await user.client.get('/api/auth/sessions')).body.items as SessionItem[];
      if (!session) throw new Error('no session');
      const first = await lastSeenOf(t.current, session.id);
      for (let i = 0; i < 3; i++) await user.client.get('/api/auth/me');
      await user.client.get(`/api/accounts/${user.accountId}`);
      // Within the minute, reads write nothing.
      expect(await lastSeenOf(t.current, session.id)).toBe(first);
      for (const path of ['/api/auth/me', `/api/accounts/${user.accountId}`]) {
        const twoMinutesAgo = new Date(Date.now() - 2 * 60 * 1000).toISOString();
        await t.current.db
          .updateTable('sessions')
          .set({ last_seen_at: twoMinutesAgo })
          .where('id', '=', session.id)
          .execute();
        expect((await user.client.get(path)).status).toBe(200);
        const seen = await lastSeenOf(t.current, session.id);
        expect(Date.parse(seen ?? '')).toBeGreaterThan(Date.parse(twoMinutesAgo) + 60 * 1000);
      }
    });

    it('signs out the other sessions only, and not another user’s', async () => {
      const user = await signUp(t.current);
      const other = await logIn(user.email);
      const stranger = await signUp(t.current);
      const ended = await user.client.delete('/api/auth/sessions/others');
      expect(ended.body).toEqual({ ended: 1 });
      expect((await other.client.get('/api/auth/me')).status).toBe(401);
      expect((await user.client.get('/api/auth/me')).status).toBe(200);
      expect((await stranger.client.get('/api/auth/me')).status).toBe(200);
      const [strangers] = (await stranger.client.get('/api/auth/sessions')).body.items as SessionItem[];
      expect((await user.client.delete(`/api/auth/sessions/${strangers?.id}`)).status).toBe(404);
      expect((await stranger.client.get('/api/auth/me')).status).toBe(200);
    });

    it('puts every password sign-in, right or wrong, with its address in the History of each account of the user', async () => {
      const owner = await signUp(t.current);
      const member = await signUp(t.current);
      await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: member.email });
      expect((await logIn(member.email)).status).toBe(200); // accepts the invite: now in two accounts
      expect((await logIn(member.email, 'not my password')).status).toBe(401);
      for (const [client, accountId] of [
        [owner.client, owner.accountId],
        [member.client, member.accountId],
      ] as const) {
        const signIns = (await historyOf(client, accountId)).filter((i) => i.entity.startsWith('sign_in'));
        expect(signIns.map((i) => i.entity)).toEqual(['sign_in_failed', 'sign_in']);
        for (const item of signIns) {
          expect(item.userEmail).toBe(member.email);
          expect(item.after).toMatchObject({ method: 'password', ipAddress: '127.0.0.1' });
        }
      }
    });

    it('records nothing for a wrong password of an unknown e-mail', async () => {
      const count = async () =>
        (
          await t.current.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('entity', '=', 'sign_in_failed')
            .executeTakeFirstOrThrow()
        ).n;
      const before = await count();
      expect((await logIn(uniqueEmail('nobody'))).status).toBe(401);
      expect(await count()).toBe(before);
    });
  });
}
