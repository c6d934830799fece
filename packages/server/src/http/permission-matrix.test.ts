import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, uniqueEmail, useTestApp, type TestClient } from '../../test/factories.js';

/**
 * Every registered /api/accounts/:accountId/... route (including routes added later by other
 * modules) × owner, member, outsider, anonymous. A test-only onSend hook marks responses of
 * requests that passed the membership check, so a member's 404 for a made-up object id is told
 * apart from a refused membership.
 */
for (const dialect of DIALECTS) {
  describeOn(dialect)(`permission matrix (${dialect})`, () => {
    const t = useTestApp(
      dialect,
      {},
      {
        extraRoutes(app) {
          app.addHook('onSend', async (request, reply) => {
            if (request.account) reply.header('x-test-member-of', request.account.id);
          });
        },
      },
    );

    it('covers the account routes registered so far', () => {
      const urls = t.current.app.accountRoutes.map((r) => `${r.method} ${r.url}`);
      expect(urls).toEqual(
        expect.arrayContaining([
          'GET /api/accounts/:accountId',
          'GET /api/accounts/:accountId/stats',
          'GET /api/accounts/:accountId/users',
          'DELETE /api/accounts/:accountId/users/:userId',
          'GET /api/accounts/:accountId/invites',
          'POST /api/accounts/:accountId/invites',
          'DELETE /api/accounts/:accountId/invites/:inviteId',
          'POST /api/accounts/:accountId/invites/:inviteId/link',
          'GET /api/accounts/:accountId/calculations/ipv4',
          'POST /api/accounts/:accountId/calculations/ipv6',
          'DELETE /api/accounts/:accountId/calculations/:calculationId',
          'GET /api/accounts/:accountId/groups',
          'POST /api/accounts/:accountId/groups',
          'PATCH /api/accounts/:accountId/groups/:groupId',
          'DELETE /api/accounts/:accountId/groups/:groupId',
          'GET /api/accounts/:accountId/vrfs',
          'POST /api/accounts/:accountId/vrfs',
          'PATCH /api/accounts/:accountId/vrfs/:vrfId',
          'DELETE /api/accounts/:accountId/vrfs/:vrfId',
          'GET /api/accounts/:accountId/imports',
          'POST /api/accounts/:accountId/imports',
          'GET /api/accounts/:accountId/imports/:importId',
          'POST /api/accounts/:accountId/subnets/next',
          'GET /api/accounts/:accountId/subnets/:subnetId/addresses/:ip',
          'GET /api/accounts/:accountId/addresses/lookup',
          'GET /api/accounts/:accountId/subnets',
          'POST /api/accounts/:accountId/subnets',
          'GET /api/accounts/:accountId/subnets/:subnetId',
          'PATCH /api/accounts/:accountId/subnets/:subnetId',
          'DELETE /api/accounts/:accountId/subnets/:subnetId',
          'POST /api/accounts/:accountId/subnets/:subnetId/scan',
          'GET /api/accounts/:accountId/subnets/:subnetId/approvals',
          'GET /api/accounts/:accountId/subnets/:subnetId/scans',
          'POST /api/accounts/:accountId/subnets/:subnetId/approvals/:approvalId/confirm',
          'POST /api/accounts/:accountId/subnets/:subnetId/approvals/:approvalId/ignore',
          'POST /api/accounts/:accountId/subnets/:subnetId/approvals/confirm-all',
          'POST /api/accounts/:accountId/subnets/:subnetId/approvals/ignore-all',
          'GET /api/accounts/:accountId/audit',
          'POST /api/accounts/:accountId/checkout-sessions',
          'GET /api/accounts/:accountId/checkout-sessions/:checkoutId',
          'POST /api/accounts/:accountId/checkout-sessions/:checkoutId/test-payment',
          'POST /api/accounts/:accountId/checkout-sessions/:checkoutId/test-cancel',
          'GET /api/accounts/:accountId/subscription',
          'POST /api/accounts/:accountId/billing-portal-sessions',
          'GET /api/accounts/:accountId/plans',
          'POST /api/accounts/:accountId/plans',
          'GET /api/accounts/:accountId/plans/:planId',
          'PATCH /api/accounts/:accountId/plans/:planId',
          'DELETE /api/accounts/:accountId/plans/:planId',
          'POST /api/accounts/:accountId/plans/:planId/duplicate',
          'POST /api/accounts/:accountId/plans/:planId/validate',
          'GET /api/accounts/:accountId/plans/:planId/history',
          'GET /api/accounts/:accountId/plans/:planId/export',
          'POST /api/accounts/:accountId/plans/:planId/subnets',
          'PATCH /api/accounts/:accountId/plans/:planId/subnets/:subnetId',
          'DELETE /api/accounts/:accountId/plans/:planId/subnets/:subnetId',
          'POST /api/accounts/:accountId/plans/:planId/subnets/:subnetId/split',
          'POST /api/accounts/:accountId/plans/:planId/apply',
          'GET /api/accounts/:accountId/dashboard',
          'GET /api/accounts/:accountId/search',
          'GET /api/accounts/:accountId/tokens',
          'POST /api/accounts/:accountId/tokens',
          'DELETE /api/accounts/:accountId/tokens/:tokenId',
          'POST /api/accounts/:accountId/subnets/:subnetId/addresses/next',
          'POST /api/accounts/:accountId/subnets/:subnetId/addresses/bulk',
          'GET /api/accounts/:accountId/groups/:groupId/free-prefixes',
          'GET /api/accounts/:accountId/subnets/:subnetId/addresses/export',
          'GET /api/accounts/:accountId/subnets/export',
          'POST /api/accounts/:accountId/subnets/:subnetId/addresses/import',
          'POST /api/accounts/:accountId/groups/:groupId/subnets/import',
          'GET /api/accounts/:accountId/webhooks',
          'POST /api/accounts/:accountId/webhooks',
          'PATCH /api/accounts/:accountId/webhooks/:webhookId',
          'DELETE /api/accounts/:accountId/webhooks/:webhookId',
          'GET /api/accounts/:accountId/webhooks/:webhookId/deliveries',
          'POST /api/accounts/:accountId/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
          'POST /api/accounts/:accountId/webhooks/:webhookId/test',
          'GET /api/accounts/:accountId/dns/providers',
          'POST /api/accounts/:accountId/dns/providers',
          'PATCH /api/accounts/:accountId/dns/providers/:providerId',
          'DELETE /api/accounts/:accountId/dns/providers/:providerId',
          'GET /api/accounts/:accountId/dns/subnets/:subnetId',
          'PUT /api/accounts/:accountId/dns/subnets/:subnetId',
          'DELETE /api/accounts/:accountId/dns/subnets/:subnetId',
          'GET /api/accounts/:accountId/dns/groups/:groupId',
          'PUT /api/accounts/:accountId/dns/groups/:groupId',
          'DELETE /api/accounts/:accountId/dns/groups/:groupId',
          'GET /api/accounts/:accountId/dns/subnets/:subnetId/compare',
          'POST /api/accounts/:accountId/dns/subnets/:subnetId/compare/fix',
          'GET /api/accounts/:accountId/inventory',
        ]),
      );
    });

    it('lets members in and keeps outsiders (404) and anonymous callers (401) out, on every route', async () => {
      const owner = await signUp(t.current);
      const memberEmail = uniqueEmail('member');
      await owner.client.post(`/api/accounts/${owner.accountId}/invites`, { email: memberEmail });
      const member = await signUp(t.current, memberEmail);
      const outsider = await signUp(t.current);
      const anonymous = t.current.client();
      const callers: [string, TestClient][] = [
        ['anonymous', anonymous],
        ['outsider', outsider.client],
        ['member', member.client],
        ['owner', owner.client],
      ];
      const failures: string[] = [];
      for (const route of t.current.app.accountRoutes) {
        const hasObjectId = /:(?!accountId)\w+/.test(route.url);
        const path = route.url.replace(':accountId', owner.accountId).replace(/:\w+/g, () => randomUUID());
        for (const [who, client] of callers) {
          const response = await client.request(route.method, path, route.method === 'GET' ? undefined : {});
          const passed = response.headers.get('x-test-member-of') === owner.accountId;
          const label = `${who} ${route.method} ${route.url} -> ${response.status}`;
          if (who === 'anonymous' && (response.status !== 401 || passed)) failures.push(label);
          if (who === 'outsider' && (response.status !== 404 || passed)) failures.push(label);
          if (who === 'member' || who === 'owner') {
            const refused = response.status === 401 || (response.status === 404 && !hasObjectId);
            if (refused || !passed) failures.push(label);
          }
        }
      }
      expect(failures).toEqual([]);
      // The made-up ids deleted nothing: the team is intact.
      const users = await owner.client.get(`/api/accounts/${owner.accountId}/users`);
      expect(users.body.items).toHaveLength(2);
    });

    it('lets API tokens only where their account and scope allow, on every route', async () => {
      const owner = await signUp(t.current);
      const stranger = await signUp(t.current);
      const tokenOf = async (who: { client: TestClient; accountId: string }, scope: string) => {
        const body = { name: scope, scope, expiresInDays: 30 };
        return (await who.client.post(`/api/accounts/${who.accountId}/tokens`, body)).body.token as string;
      };
      const callers: [string, TestClient][] = [
        ['read', t.current.client({ authorization: `Bearer ${await tokenOf(owner, 'read')}` })],
        ['write', t.current.client({ authorization: `Bearer ${await tokenOf(owner, 'write')}` })],
        ['foreign', t.current.client({ authorization: `Bearer ${await tokenOf(stranger, 'write')}` })],
      ];
      const closed =
        /^\/api\/accounts\/:accountId\/(tokens|invites|users|checkout-sessions|billing-portal-sessions|events|imports|webhooks)(\/|$)/;
      // A token may read scanners but not create them or change their keys (issue 36).
      const writesClosed = /^\/api\/accounts\/:accountId\/scanners(\/|$)/;
      const failures: string[] = [];
      for (const route of t.current.app.accountRoutes) {
        const isClosed = closed.test(route.url) || (route.method !== 'GET' && writesClosed.test(route.url));
        const path = route.url.replace(':accountId', owner.accountId).replace(/:\w+/g, () => randomUUID());
        for (const [who, client] of callers) {
          const response = await client.request(route.method, path, route.method === 'GET' ? undefined : {});
          const passed = response.headers.get('x-test-member-of') === owner.accountId;
          const label = `${who} ${route.method} ${route.url} -> ${response.status}`;
          const mayPass = who !== 'foreign' && !isClosed && (who === 'write' || route.method === 'GET');
          const expected = who === 'foreign' ? 404 : mayPass ? null : 403;
          if (passed !== mayPass || (expected !== null && response.status !== expected)) failures.push(label);
        }
      }
      expect(failures).toEqual([]);
      const users = await owner.client.get(`/api/accounts/${owner.accountId}/users`);
      expect(users.body.items).toHaveLength(1);
    });

    it('answers the same 404 for an account that does not exist', async () => {
      const { client } = await signUp(t.current);
      const response = await client.get(`/api/accounts/${randomUUID()}/users`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Not found.', code: 'not_found' });
    });
  });
}
