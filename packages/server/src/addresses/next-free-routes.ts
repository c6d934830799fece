import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@ipam/core/api/common';
import { nextFreeResponse } from '@ipam/core/api/next-free';
import { NEXT_FREE_DEFAULTS, nextFreeBody } from '@ipam/core/schemas/next-free-schemas';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf } from '../http/request-context.js';
import { assignNextFree } from './next-free.js';

const subnetParams = z.object({ accountId: z.string(), subnetId: z.string() });

/** `POST /api/accounts/:a/subnets/:id/addresses/next`: hands out the lowest free address(es). */
export function registerNextFreeRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/accounts/:accountId/subnets/:subnetId/addresses/next',
    {
      schema: {
        tags: ['addresses'],
        summary:
          'Assign the lowest Available host address(es) (never written, or written as Available) and write ' +
          'them in the same transaction; concurrent calls never get the same address. 409 when full',
        params: subnetParams,
        body: nextFreeBody,
        response: {
          201: nextFreeResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        items: await assignNextFree(
          changeContextOf(request, deps),
          request.params.subnetId,
          request.body ?? NEXT_FREE_DEFAULTS,
        ),
      }),
  );
}
