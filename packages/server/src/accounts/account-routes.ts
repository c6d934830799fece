import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountResponse, statsResponse } from '@ipam/core/api/account';
import { dashboardResponse } from '@ipam/core/api/dashboard';
import { errorResponse, listOf } from '@ipam/core/api/common';
import type { AppDeps } from '../http/app-deps.js';
import { requireAccount, requireAuth } from '../http/request-context.js';
import { listAccountsOfUser } from './account-repository.js';
import { countSubnetsAndGroups } from './account-stats-repository.js';
import { toAccountView } from './account-view.js';
import { accountDashboard } from './dashboard.js';

const accountParams = z.object({ accountId: z.string() });

/** The caller's accounts, one account, its dashboard counts and its whole dashboard. */
export function registerAccountRoutes(root: FastifyInstance, { db }: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  app.get(
    '/api/accounts',
    {
      schema: {
        tags,
        summary: 'Accounts the caller belongs to',
        response: { 200: listOf(accountResponse), 401: errorResponse },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const accounts = await listAccountsOfUser(db, userId);
      return { items: accounts.map((a) => toAccountView(a, userId)) };
    },
  );

  app.get(
    '/api/accounts/:accountId',
    {
      schema: {
        tags,
        summary: 'One account',
        params: accountParams,
        response: { 200: accountResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => toAccountView(requireAccount(request), requireAuth(request).userId),
  );

  app.get(
    '/api/accounts/:accountId/stats',
    {
      schema: {
        tags,
        summary: 'Dashboard counts',
        params: accountParams,
        response: {
          200: statsResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const account = requireAccount(request);
      const counts = await countSubnetsAndGroups(db, account.id);
      return { ...counts, maxNetworks: account.maxnetworks };
    },
  );

  app.get(
    '/api/accounts/:accountId/dashboard',
    {
      schema: {
        tags,
        summary:
          'Dashboard: the three counts, address totals by status, fullest subnets, pending approvals, latest changes',
        params: accountParams,
        response: {
          200: dashboardResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => accountDashboard(db, requireAccount(request)),
  );
}
