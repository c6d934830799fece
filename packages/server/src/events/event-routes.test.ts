import { expect, it } from 'vitest';
import { createTestDatabase, describeOn, DIALECTS } from '../../test/dialects.js';
import {
  buildTestApp,
  goodPassword,
  signUp,
  uniqueEmail,
  useTestApp,
  type TestApp,
  type TestClient,
} from '../../test/factories.js';
import { cookieOf, eventually, openEventStream } from '../../test/sse-client.js';
import { updateTierAndLimits } from '../accounts/account-repository.js';
import { messages } from '@ipam/core/messages';
import { sessionIdOf } from '../auth/sessions.js';
import { nowIso } from '../db/db-values.js';
import { sessionCookie } from '../auth/session-cookies.js';
import { createLocalEventBus } from './event-hub.js';
import { accessKey, allowedStreamSessions } from './stream-access-repository.js';
import { MAX_STREAMS_PER_USER } from '@ipam/core/limits';

/** An owner with one member who joined through an invite; room for more invites. */
async function teamOfTwo(t: TestApp) {
  const owner = await signUp(t);
  await updateTierAndLimits(t.db, owner.accountId, { tier: 4, maxusers: 50, maxnetworks: 10 });
  const memberEmail = uniqueEmail('member');
  await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: memberEmail });
  const member = await signUp(t, memberEmail);
  return { owner, member };
}

function streamUrl(t: TestApp, accountId: string): string {
  return `${t.baseUrl}/api/accounts/${accountId}/events`;
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`live events (${dialect})`, () => {
    const bus = createLocalEventBus();
    const t = useTestApp(dialect, {}, { events: bus });

    it('streams a change made through the API to every member, with no-buffering headers', async () => {
      const { owner, member } = await teamOfTwo(t.current);
      const ownerStream = await openEventStream(
        streamUrl(t.current, owner.accountId),
        cookieOf(owner.client),
      );
      const memberStream = await openEventStream(
        streamUrl(t.current, owner.accountId),
        cookieOf(member.client),
      );
      expect(memberStream.status).toBe(200);
      expect(memberStream.headers.get('content-type')).toBe('text/event-stream');
      expect(memberStream.headers.get('cache-control')).toBe('no-cache');
      expect(memberStream.headers.get('x-accel-buffering')).toBe('no');

      const group = await member.client.post(`/api/accounts/${owner.accountId}/groups`, { name: 'Core' });
      expect(group.status).toBe(201);
      const groupEvent = { kind: 'group', id: group.body.id };
      expect(await memberStream.waitFor((e) => e.id === group.body.id)).toEqual(groupEvent);
      expect(await ownerStream.waitFor((e) => e.id === group.body.id)).toEqual(groupEvent);

      const invite = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
        email: uniqueEmail('colleague'),
      });
      expect(invite.status).toBe(201);
      const inviteEvent = { kind: 'invite', id: invite.body.id };
      expect(await memberStream.waitFor((e) => e.id === invite.body.id)).toEqual(inviteEvent);
      expect(await ownerStream.waitFor((e) => e.id === invite.body.id)).toEqual(inviteEvent);
      ownerStream.close();
      memberStream.close();
    });

    it('sends nothing of one account to the streams of another', async () => {
      const owner = await signUp(t.current);
      const other = await signUp(t.current);
      const otherStream = await openEventStream(
        streamUrl(t.current, other.accountId),
        cookieOf(other.client),
      );
      const ownStream = await openEventStream(streamUrl(t.current, owner.accountId), cookieOf(owner.client));
      const created = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
        email: uniqueEmail('x'),
      });
      await ownStream.waitFor((e) => e.id === created.body.id);
      // One process's events reach its streams in publish order: once the other account's own later
      // event is in, anything of the owner's sent to that stream would have arrived before it.
      const later = await other.client.post(`/api/accounts/${other.accountId}/invites`, {
        email: uniqueEmail('y'),
      });
      await otherStream.waitFor((e) => e.id === later.body.id);
      expect(otherStream.events).toEqual([{ kind: 'invite', id: later.body.id }]);
      otherStream.close();
      ownStream.close();
    });

    it('tells the inviting account when the invitee signs up or logs in and joins', async () => {
      const owner = await signUp(t.current);
      await updateTierAndLimits(t.current.db, owner.accountId, { tier: 4, maxusers: 50, maxnetworks: 10 });
      const ownerStream = await openEventStream(
        streamUrl(t.current, owner.accountId),
        cookieOf(owner.client),
      );
      const newcomerEmail = uniqueEmail('newcomer');
      const first = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
        email: newcomerEmail,
      });
      await ownerStream.waitFor((e) => e.id === first.body.id);
      const newcomer = await signUp(t.current, newcomerEmail);
      expect(await ownerStream.waitFor((e) => e.kind === 'user')).toEqual({
        kind: 'user',
        id: newcomer.userId,
      });

      // Someone already registered elsewhere joins at their next login.
      const existing = await signUp(t.current);
      const second = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
        email: existing.email,
      });
      const login = await t.current.client().post('/api/auth/login', {
        email: existing.email,
        password: goodPassword,
      });
      expect(login.status).toBe(200);
      await ownerStream.waitFor(() => ownerStream.events.length >= 6);
      expect(ownerStream.events.map((e) => `${e.kind}:${e.id}`)).toEqual([
        `invite:${first.body.id}`,
        `user:${newcomer.userId}`,
        `invite:${first.body.id}`,
        `invite:${second.body.id}`,
        `user:${existing.userId}`,
        `invite:${second.body.id}`,
      ]);
      const users = await owner.client.get(`/api/accounts/${owner.accountId}/users`);
      expect(users.body.items.map((u: { email: string }) => u.email).sort()).toEqual(
        [owner.email, newcomerEmail, existing.email].sort(),
      );
      ownerStream.close();
    });

    it('refuses an outsider with 404 and an anonymous caller with 401', async () => {
      const owner = await signUp(t.current);
      const outsider = await signUp(t.current);
      const refused = await openEventStream(streamUrl(t.current, owner.accountId), cookieOf(outsider.client));
      expect(refused.status).toBe(404);
      expect(refused.errorBody).toMatchObject({ code: 'not_found' });
      const anonymous = await openEventStream(streamUrl(t.current, owner.accountId));
      expect(anonymous.status).toBe(401);
      expect(anonymous.errorBody).toMatchObject({ code: 'not_signed_in' });
      const missing = await openEventStream(streamUrl(t.current, 'no-such-account'), cookieOf(owner.client));
      expect(missing.status).toBe(404);
    });

    it('answers a client that does not ask for text/event-stream with a 400 instead of a stream', async () => {
      const owner = await signUp(t.current);
      const plain = await owner.client.get(`/api/accounts/${owner.accountId}/events`);
      expect(plain.status).toBe(400);
      expect(plain.body).toEqual({
        error: 'The request is not valid.',
        code: 'validation_failed',
        fields: { accept: 'must include text/event-stream' },
      });
    });

    it('closes the stream of a removed user, who gets nothing more and cannot reconnect', async () => {
      const { owner, member } = await teamOfTwo(t.current);
      const ownerStream = await openEventStream(
        streamUrl(t.current, owner.accountId),
        cookieOf(owner.client),
      );
      const memberStream = await openEventStream(
        streamUrl(t.current, owner.accountId),
        cookieOf(member.client),
      );
      const removed = await owner.client.delete(`/api/accounts/${owner.accountId}/users/${member.userId}`);
      expect(removed.status).toBe(204);
      expect(await ownerStream.waitFor((e) => e.kind === 'user')).toEqual({
        kind: 'user',
        id: member.userId,
      });
      await memberStream.ended;
      const later = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
        email: uniqueEmail('later'),
      });
      await ownerStream.waitFor((e) => e.id === later.body.id);
      expect(memberStream.events).toEqual([]);
      const again = await openEventStream(streamUrl(t.current, owner.accountId), cookieOf(member.client));
      expect(again.status).toBe(404);
      ownerStream.close();
    });

    it('closes the stream of a logged-out session at its next delivery, without the event', async () => {
      const { owner, member } = await teamOfTwo(t.current);
      const memberCookie = cookieOf(member.client);
      const memberStream = await openEventStream(streamUrl(t.current, owner.accountId), memberCookie);
      expect((await member.client.post('/api/auth/logout')).status).toBe(204);
      const created = await owner.client.post(`/api/accounts/${owner.accountId}/invites`, {
        email: uniqueEmail('after-logout'),
      });
      expect(created.status).toBe(201);
      await memberStream.ended;
      expect(memberStream.events).toEqual([]);
      const again = await openEventStream(streamUrl(t.current, owner.accountId), memberCookie);
      expect(again.status).toBe(401);
    });

    it(`answers 429 past ${MAX_STREAMS_PER_USER} open streams of one user, and opens again after a close`, async () => {
      const owner = await signUp(t.current);
      const url = streamUrl(t.current, owner.accountId);
      const streams = [];
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++)
        streams.push(await openEventStream(url, cookieOf(owner.client)));
      expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
      const refused = await openEventStream(url, cookieOf(owner.client));
      expect(refused.status).toBe(429);
      expect(refused.errorBody).toEqual({ error: messages.tooManyStreams, code: 'rate_limited' });
      streams[0]!.close();
      let again = refused;
      for (let attempt = 0; attempt < 50 && again.status !== 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        again = await openEventStream(url, cookieOf(owner.client));
      }
      expect(again.status).toBe(200);
      for (const stream of [...streams, again]) stream.close();
    });

    it('reads access for all of an account’s streams in one query: live sessions of members only', async () => {
      const { owner, member } = await teamOfTwo(t.current);
      const stranger = await signUp(t.current);
      const sessionOf = (client: TestClient) => sessionIdOf(client.cookies.get(sessionCookie) ?? '');
      const ownerSession = { sessionId: sessionOf(owner.client), userId: owner.userId };
      const memberSession = { sessionId: sessionOf(member.client), userId: member.userId };
      const strangerSession = { sessionId: sessionOf(stranger.client), userId: stranger.userId };
      const forged = { sessionId: ownerSession.sessionId, userId: member.userId };
      const all = [ownerSession, memberSession, strangerSession, forged];
      const allowed = await allowedStreamSessions(t.current.db, owner.accountId, all, nowIso());
      expect([...allowed].sort()).toEqual([accessKey(ownerSession), accessKey(memberSession)].sort());
      await owner.client.delete(`/api/accounts/${owner.accountId}/users/${member.userId}`);
      const later = await allowedStreamSessions(t.current.db, owner.accountId, all, nowIso());
      expect([...later]).toEqual([accessKey(ownerSession)]);
      const expired = await allowedStreamSessions(
        t.current.db,
        owner.accountId,
        all,
        '9999-01-01T00:00:00.000Z',
      );
      expect(expired.size).toBe(0);
    });

    it('offers no HEAD, which would open a stream nobody reads', async () => {
      const owner = await signUp(t.current);
      const head = await owner.client.request('HEAD', `/api/accounts/${owner.accountId}/events`, undefined, {
        accept: 'text/event-stream',
      });
      expect(head.status).toBe(404);
      expect(bus.hub.size(owner.accountId)).toBe(0);
    });

    it('ends every open stream when the bus says events may have been missed', async () => {
      const owner = await signUp(t.current);
      const stream = await openEventStream(streamUrl(t.current, owner.accountId), cookieOf(owner.client));
      expect(stream.status).toBe(200);
      bus.hub.reset();
      await stream.ended;
      expect(bus.hub.size(owner.accountId)).toBe(0);
    });

    it('lets go of a stream when the client disconnects', async () => {
      const owner = await signUp(t.current);
      const stream = await openEventStream(streamUrl(t.current, owner.accountId), cookieOf(owner.client));
      await eventually(() => bus.hub.size(owner.accountId) === 1);
      stream.close();
      await eventually(() => bus.hub.size(owner.accountId) === 0);
    });
  });

  describeOn(dialect)(`live events when the app closes (${dialect})`, () => {
    it('ends open streams so the server can shut down', async () => {
      const database = await createTestDatabase(dialect);
      const t = await buildTestApp(database);
      try {
        const owner = await signUp(t);
        const stream = await openEventStream(streamUrl(t, owner.accountId), cookieOf(owner.client));
        expect(stream.status).toBe(200);
        const closing = t.app.close();
        await stream.ended;
        await closing;
        expect(stream.isEnded()).toBe(true);
      } finally {
        await t.app.close();
        await database.destroy();
      }
    });
  });
}
