import { randomUUID } from 'node:crypto';
import { messages } from '@ipam/core/messages';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet } from '../../test/ipam-factories.js';
import { sessionIdOf, sessionIdleMs } from '../auth/sessions.js';
import { DomainError } from '../errors/domain-error.js';
import { buildApp } from '../app.js';
import { sessionCookie } from './cookies.js';

/**
 * The address list makes the session and membership check in its own first query (one round trip
 * fewer): it must answer every caller exactly as the membership hook does, on every path of the route
 * (first page, cursor page, a cursor whose guessed range misses, a bad cursor, a filter, a search).
 */
const listPaths = [
  '',
  '?limit=5',
  '?cursor=10.40.0.3&limit=4',
  '?cursor=10.40.0.0',
  '?cursor=10.40.0.255',
  '?cursor=nonsense',
  '?cursor=10.99.0.1',
  '?filter=in-use',
  '?limit=0',
  '?filter=bogus',
  '?q=host',
];

for (const dialect of DIALECTS) {
  describeOn(dialect)(`the address list's own caller check (${dialect})`, () => {
    const t = useTestApp(
      dialect,
      {},
      {
        extraRoutes(app) {
          // A route that takes the check over and then forgets it, and one that fails before making it.
          app.get(
            '/api/accounts/:accountId/test-unchecked',
            { config: { isCallerCheckedByQuery: true } },
            async () => ({ leaked: 'data' }),
          );
          app.get(
            '/api/accounts/:accountId/test-refused',
            { config: { isCallerCheckedByQuery: true } },
            () => {
              throw new DomainError('validation_failed', 'Bad request.');
            },
          );
        },
      },
    );

    async function ownerWithSubnet() {
      const owner = await accountSession(t.current);
      const group = await postGroup(owner, 'Group');
      const subnet = await postSubnet(owner, group.id, '10.40.0.0/24');
      expect(subnet.status).toBe(201);
      const written = await owner.call('PUT', `/subnets/${subnet.body.id}/addresses/10.40.0.5`, {
        status: 'In Use',
        hostname: 'host-5',
        description: '',
        allowScannerUpdate: false,
      });
      expect(written.status).toBe(200);
      return { owner, subnetId: subnet.body.id as string };
    }

    it('answers a member on every path of the route as the hook-checked way does', async () => {
      const { owner, subnetId } = await ownerWithSubnet();
      const expected: Record<string, number> = {
        '?cursor=nonsense': 400,
        '?cursor=10.99.0.1': 400,
        '?limit=0': 400,
        '?filter=bogus': 400,
      };
      for (const path of listPaths) {
        const response = await owner.call('GET', `/subnets/${subnetId}/addresses${path}`);
        expect(response.status, path).toBe(expected[path] ?? 200);
      }
      const first = await owner.call('GET', `/subnets/${subnetId}/addresses?cursor=10.40.0.4&limit=2`);
      expect(first.body.items.map((item: { ipAddress: string }) => item.ipAddress)).toEqual([
        '10.40.0.5',
        '10.40.0.6',
      ]);
      expect(first.body.items[0].hostname).toBe('host-5');
      // A subnet the account does not have: the member passed the check, the subnet is a 404.
      const missing = await owner.call('GET', `/subnets/${randomUUID()}/addresses?cursor=10.40.0.3`);
      expect(missing.status).toBe(404);
    });

    it('refuses an unknown or expired session (401) and an outsider (404) on every path', async () => {
      const { owner, subnetId } = await ownerWithSubnet();
      const outsider = await signUp(t.current);
      const base = `/api/accounts/${owner.accountId}/subnets/${subnetId}/addresses`;
      const forged = t.current.client({ cookie: `${sessionCookie}=${'x'.repeat(43)}` });
      const expiring = await signUp(t.current);
      const expiringToken = expiring.client.cookies.get(sessionCookie) ?? '';
      await t.current.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', sessionIdOf(expiringToken))
        .execute();
      for (const path of listPaths) {
        const forgedAnswer = await forged.get(`${base}${path}`);
        const expiredAnswer = await expiring.client.get(`${base}${path}`);
        const outsiderAnswer = await outsider.client.get(`${base}${path}`);
        const anonymousAnswer = await t.current.client().get(`${base}${path}`);
        for (const [who, answer] of [
          ['forged', forgedAnswer],
          ['expired', expiredAnswer],
          ['anonymous', anonymousAnswer],
        ] as const) {
          expect(answer.status, `${who} ${path}`).toBe(401);
          expect(answer.body, `${who} ${path}`).toEqual({
            error: messages.notAuthenticated,
            code: 'not_signed_in',
          });
        }
        expect(outsiderAnswer.status, path).toBe(404);
        expect(outsiderAnswer.body, path).toEqual({ error: messages.notFound, code: 'not_found' });
      }
    });

    it('shuts a removed member out at once, and slides a member session as the hook does', async () => {
      const { owner, subnetId } = await ownerWithSubnet();
      const memberEmail = uniqueEmail('member');
      expect((await owner.call('POST', '/invites', { email: memberEmail })).status).toBe(201);
      const member = await signUp(t.current, memberEmail);
      const path = `/api/accounts/${owner.accountId}/subnets/${subnetId}/addresses?cursor=10.40.0.3`;
      // A session last slid more than an hour ago moves forward on this read.
      const token = member.client.cookies.get(sessionCookie) ?? '';
      const soon = new Date(Date.now() + sessionIdleMs - 2 * 60 * 60 * 1000).toISOString();
      await t.current.db
        .updateTable('sessions')
        .set({ expires_at: soon })
        .where('id', '=', sessionIdOf(token))
        .execute();
      expect((await member.client.get(path)).status).toBe(200);
      const slid = await t.current.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('id', '=', sessionIdOf(token))
        .executeTakeFirstOrThrow();
      expect(slid.expires_at > soon).toBe(true);

      expect((await owner.call('DELETE', `/users/${member.userId}`)).status).toBe(204);
      const after = await member.client.get(path);
      expect(after.status).toBe(404);
    });

    it('turns a success into a 500 when a route that took the check over never made it', async () => {
      const { owner } = await ownerWithSubnet();
      const unchecked = await owner.client.get(`/api/accounts/${owner.accountId}/test-unchecked`);
      expect(unchecked.status).toBe(500);
      expect(unchecked.text).not.toContain('leaked');
      // Without a cookie the hook refuses before the route runs.
      expect((await t.current.client().get(`/api/accounts/${owner.accountId}/test-unchecked`)).status).toBe(
        401,
      );
    });

    it("answers an error made before the check as it is to a member, and with the check's refusal to others", async () => {
      const { owner } = await ownerWithSubnet();
      const outsider = await signUp(t.current);
      const forged = t.current.client({ cookie: `${sessionCookie}=${'y'.repeat(43)}` });
      const path = `/api/accounts/${owner.accountId}/test-refused`;
      const member = await owner.client.get(path);
      expect(member.status).toBe(400);
      expect(member.body).toEqual({ error: 'Bad request.', code: 'validation_failed' });
      const stranger = await outsider.client.get(path);
      expect(stranger.status).toBe(404);
      expect(stranger.body).toEqual({ error: messages.notFound, code: 'not_found' });
      const nobody = await forged.get(path);
      expect(nobody.status).toBe(401);
      expect(nobody.body).toEqual({ error: messages.notAuthenticated, code: 'not_signed_in' });
    });

    it('costs a member one database round trip for a page after a cursor, two for the first page', async () => {
      const { owner, subnetId } = await ownerWithSubnet();
      const base = `/api/accounts/${owner.accountId}/subnets/${subnetId}/addresses`;
      // A second app on the same database whose queries are counted as they are answered.
      let queries = 0;
      const counting = t.current.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          queries++;
          return args.result;
        },
      });
      const counted = await buildApp(t.current.config, counting, {});
      try {
        const url = await counted.listen({ host: '127.0.0.1', port: 0 });
        const cookie = { cookie: `${sessionCookie}=${owner.client.cookies.get(sessionCookie) ?? ''}` };
        const countOf = async (path: string) => {
          queries = 0;
          const response = await fetch(`${url}${base}${path}`, { headers: cookie });
          expect(response.status, path).toBe(200);
          return queries;
        };
        expect(await countOf('?cursor=10.40.0.3&limit=4')).toBe(1);
        expect(await countOf('')).toBe(2);
        // The guard is real: the same page through the membership hook's own check costs one more.
        queries = 0;
        expect((await fetch(`${url}${base.replace('/addresses', '')}`, { headers: cookie })).status).toBe(
          200,
        );
        expect(queries).toBeGreaterThanOrEqual(2);
      } finally {
        await counted.close();
      }
    });
  });
}
