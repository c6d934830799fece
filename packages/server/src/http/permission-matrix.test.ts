import { randomUUID } from 'node:crypto';
import { allRoutes } from '@ipam/core/api/routes/all-routes';
import { messages } from '@ipam/core/messages';
import { hasRole, requiredRoleOf, type Role } from '@ipam/core/roles';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, useTestApp, type TestClient, type TestResponse } from '../../test/factories.js';
import { accountSession, postGroup, postSubnet } from '../../test/ipam-factories.js';
import { memberWithRole } from '../../test/role-factories.js';

/** Whether the request passed the membership check (the test's onSend hook marks it). */
function passedMembership(response: TestResponse, accountId: string): boolean {
  return response.headers.get('x-test-member-of') === accountId;
}

/** Valid bodies of the writes whose group is in the body, so the limit is checked, not the input. */
function bodiesNamingAGroup(groupId: string): Record<string, unknown> {
  return {
    'POST /api/accounts/:accountId/subnets': {
      name: 'x',
      vlanId: 1,
      groupId,
      networkIP: '10.78.0.0',
      bits: 24,
    },
    'POST /api/accounts/:accountId/subnets/next': {
      name: 'x',
      vlanId: 1,
      groupId,
      parentId: randomUUID(),
      prefixLength: 26,
    },
  };
}

/**
 * Every registered /api/accounts/:accountId/... route (including routes added later by other
 * modules) × owner, admin, editor, viewer, an editor limited to a group writing outside it, outsider,
 * anonymous; each role is held to the route's minimum in core's table (docs/roles.md). A test-only onSend hook marks responses of
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
          'PATCH /api/accounts/:accountId/users/:userId',
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
          'GET /api/accounts/:accountId/alerts',
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
          'GET /api/accounts/:accountId/scanners/:scannerId/snmp-targets',
          'PUT /api/accounts/:accountId/scanners/:scannerId/snmp-targets',
          'GET /api/accounts/:accountId/sso',
          'PUT /api/accounts/:accountId/sso',
          'DELETE /api/accounts/:accountId/sso',
          'PUT /api/accounts/:accountId/sso/password-sign-in',
        ]),
      );
    });

    it("lets each role in where core's table allows, and keeps outsiders (404) and anonymous callers (401) out, on every route", async () => {
      const owner = await accountSession(t.current, { tier: 3 });
      const inside = await postGroup(owner, 'Inside');
      const outside = await postGroup(owner, 'Outside');
      const outsideSubnet = (await postSubnet(owner, outside.id, '10.77.0.0/24')).body as { id: string };
      const admin = await memberWithRole(t.current, owner, 'admin');
      const editor = await memberWithRole(t.current, owner, 'editor');
      const viewer = await memberWithRole(t.current, owner, 'viewer');
      const limited = await memberWithRole(t.current, owner, 'editor', [inside.id]);
      const outsider = await signUp(t.current);
      const anonymous = t.current.client();
      const roleCallers: [Role, TestClient][] = [
        ['owner', owner.client],
        ['admin', admin.client],
        ['editor', editor.client],
        ['viewer', viewer.client],
      ];
      const failures: string[] = [];
      for (const route of t.current.app.accountRoutes) {
        const entry = allRoutes.find((r) => r.method === route.method && r.path === route.url);
        if (!entry) {
          failures.push(`${route.method} ${route.url} is not in core's route table: it has no minimum role`);
          continue;
        }
        const needed = requiredRoleOf(entry);
        const hasObjectId = /:(?!accountId)\w+/.test(route.url);
        const path = route.url.replace(':accountId', owner.accountId).replace(/:\w+/g, () => randomUUID());
        // An import's body is a file: a CSV, so the request reaches the checks past the media type.
        const isImport = route.url.endsWith('/import');
        const send = (client: TestClient, to = path, body: unknown = {}) =>
          isImport
            ? client.request(route.method, to, 'name\n', { 'content-type': 'text/csv' })
            : client.request(route.method, to, route.method === 'GET' ? undefined : body);
        const isRoleRefusal = (response: TestResponse, held: Role) =>
          response.status === 403 &&
          ['role_required', 'owner_only'].includes(response.body?.code) &&
          response.body?.error === (entry.roleRefusal ?? messages.roleRequired(needed, held));
        const label = (who: string, response: TestResponse) =>
          `${who} ${route.method} ${route.url} (${needed}) -> ${response.status} ${response.body?.code ?? ''} ${JSON.stringify(response.body?.fields ?? {})}`;

        const anonymousAnswer = await send(anonymous);
        if (anonymousAnswer.status !== 401 || passedMembership(anonymousAnswer, owner.accountId))
          failures.push(label('anonymous', anonymousAnswer));
        const outsiderAnswer = await send(outsider.client);
        if (outsiderAnswer.status !== 404 || passedMembership(outsiderAnswer, owner.accountId))
          failures.push(label('outsider', outsiderAnswer));

        for (const [role, client] of roleCallers) {
          const response = await send(client);
          const isRefused = isRoleRefusal(response, role);
          if (!hasRole(role, needed)) {
            if (!isRefused) failures.push(label(role, response));
            continue;
          }
          const isKeptOut = response.status === 401 || (response.status === 404 && !hasObjectId);
          if (isRefused || isKeptOut || !passedMembership(response, owner.accountId))
            failures.push(label(role, response));
        }

        // The limited editor aims at real objects outside their group: the other group and its subnet.
        const outsidePath = route.url
          .replace(':accountId', owner.accountId)
          .replace(':groupId', outside.id)
          .replace(':subnetId', outsideSubnet.id)
          .replace(/:\w+/g, () => randomUUID());
        const body = bodiesNamingAGroup(outside.id)[`${route.method} ${route.url}`] ?? {};
        const response = await send(limited.client, outsidePath, body);
        const isOutside = response.status === 403 && response.body?.code === 'outside_groups';
        const isExpected =
          needed !== 'editor'
            ? hasRole('editor', needed)
              ? passedMembership(response, owner.accountId) && response.status !== 403
              : isRoleRefusal(response, 'editor')
            : entry.isGroupFree
              ? passedMembership(response, owner.accountId) && !isOutside
              : isOutside;
        if (!isExpected) failures.push(label('limited editor', response));
      }
      expect(failures).toEqual([]);
      // Nothing was written outside the limited editor's group: the subnet and the team are intact.
      expect((await owner.call('GET', `/subnets/${outsideSubnet.id}`)).status).toBe(200);
      const users = await owner.call('GET', '/users');
      expect(users.body.items).toHaveLength(5);
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
        /^\/api\/accounts\/:accountId\/(tokens|invites|users|checkout-sessions|billing-portal-sessions|events|imports|webhooks|sso)(\/|$)/;
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
