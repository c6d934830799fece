import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@ipam/core/api/common';
import { auditPageResponse } from '@ipam/core/api/ipam';
import { auditQuery } from '@ipam/core/schemas/audit-schemas';
import type { AppDeps } from '../http/app-deps.js';
import { requireAccount } from '../http/request-context.js';
import { auditPage } from './audit-log.js';

/**
 * The account's change log, newest first, paged by cursor through every entry; `subnetId` narrows it
 * to one subnet (404 for a subnet the account never had), `userId` to one person's changes.
 */
export function registerAuditRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/accounts/:accountId/audit',
    {
      schema: {
        tags: ['audit'],
        summary:
          'Change log (who, when, what, before/after), newest first, of the account, a subnet or a person; pass nextCursor as cursor',
        params: z.object({ accountId: z.string() }),
        querystring: auditQuery,
        response: {
          200: auditPageResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { subnetId, userId, cursor, limit } = request.query;
      // `?subnetId=&userId=&cursor=` (empty) means no filter and the first page.
      return auditPage(deps.db, requireAccount(request).id, {
        subnetId: subnetId || undefined,
        userId: userId || undefined,
        cursor: cursor || undefined,
        limit,
      });
    },
  );
}
