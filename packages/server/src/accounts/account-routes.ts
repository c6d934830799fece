import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '@ipam/core/api/routes/accounts';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { requireAccount, requireAuth, requireRole } from '../auth/request-context.js';
import { listGroupLimits, rolesOfUser } from '../roles/member-role-repository.js';
import { listAccountsOfUser } from './account-repository.js';
import { countSubnetsAndGroups } from './account-stats-repository.js';
import { callerRoleIn, toAccountView } from './account-view.js';
import { accountDashboard } from './dashboard.js';

/** The caller's accounts, one account, its dashboard counts and its whole dashboard. */
export function registerAccountRoutes(app: FastifyInstance, { db }: AppDeps): void {
  registerRoute(app, accountRoutes.list, async (request) => {
    const { userId } = requireAuth(request);
    const accounts = await listAccountsOfUser(db, userId);
    const roles = await rolesOfUser(db, userId);
    return { items: accounts.map((a) => toAccountView(a, callerRoleIn(roles, a.id))) };
  });

  registerRoute(app, accountRoutes.get, async (request) => {
    const account = requireAccount(request);
    const role = requireRole(request);
    const groupIds =
      role === 'editor' ? await listGroupLimits(db, account.id, requireAuth(request).userId) : [];
    return toAccountView(account, { role, groupIds });
  });

  registerRoute(app, accountRoutes.stats, async (request) => {
    const account = requireAccount(request);
    const counts = await countSubnetsAndGroups(db, account.id);
    return { ...counts, maxNetworks: account.maxnetworks };
  });

  registerRoute(app, accountRoutes.dashboard, async (request) =>
    accountDashboard(db, requireAccount(request)),
  );
}
