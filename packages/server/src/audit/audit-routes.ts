import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@ipam/core/messages';
import { errorResponse } from '../http/api-schemas.js';
import type { AppDeps } from '../http/app-deps.js';
import { requireAccount } from '../http/request-context.js';
import { auditPage, MAX_AUDIT_PAGE_SIZE } from './audit-log.js';

/** One change: who (user id and e-mail; null for the scanner), when, what, before and after. */
export const auditItemResponse = z.object({
  id: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  action: z.string().describe('create, update or delete'),
  entity: z.string().describe('group, subnet, address, approval, approval-confirmed, ...'),
  entityId: z.string().describe('the object id; for an address its IP address'),
  subnetId: z.string().nullable(),
  before: z.unknown().describe('the object before the change (null for a create)'),
  after: z.unknown().describe('the object after the change (null for a delete)'),
});

const auditQuery = z.strictObject({
  subnetId: z.string().max(100, messages.invalidRequest).optional(),
  cursor: z.string().max(200, messages.invalidCursor).optional(),
  limit: z.coerce
    .number({ error: messages.invalidRequest })
    .int(messages.invalidRequest)
    .min(1, messages.invalidRequest)
    .max(MAX_AUDIT_PAGE_SIZE, messages.invalidRequest)
    .optional(),
});

/** The account's change log, newest first, paged by cursor; `subnetId` narrows it to one subnet. */
export function registerAuditRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/accounts/:accountId/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'Change log (who, when, what, before/after), newest first; pass nextCursor as cursor',
        params: z.object({ accountId: z.string() }),
        querystring: auditQuery,
        response: {
          200: z.object({ items: z.array(auditItemResponse), nextCursor: z.string().nullable() }),
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { subnetId, cursor, limit } = request.query;
      // `?subnetId=&cursor=` (empty) means no filter and the first page.
      return auditPage(deps.db, requireAccount(request).id, {
        subnetId: subnetId || undefined,
        cursor: cursor || undefined,
        limit,
      });
    },
  );
}
