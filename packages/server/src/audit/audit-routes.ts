import type { FastifyInstance } from 'fastify';
import { auditRoutes } from '@ipam/core/api/routes/audit';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { requireAccount } from '../auth/request-context.js';
import { auditPage } from './audit-log.js';

/**
 * The account's change log, newest first, paged by cursor through every entry; `subnetId` narrows it
 * to one subnet (404 for a subnet the account never had), `userId` to one person's changes.
 */
export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, auditRoutes.page, async (request) => {
    const { subnetId, userId, cursor, limit } = request.query;
    // `?subnetId=&userId=&cursor=` (empty) means no filter and the first page.
    return auditPage(deps.db, requireAccount(request).id, {
      subnetId: subnetId || undefined,
      userId: userId || undefined,
      cursor: cursor || undefined,
      limit,
    });
  });
}
