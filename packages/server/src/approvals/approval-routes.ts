import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeContextOf } from '../http/request-context.js';
import { errorResponse, listOf, noBody, settledResponse } from '@ipam/core/api/common';
import { approvalResponse } from '@ipam/core/api/ipam';
import type { AppDeps } from '../http/app-deps.js';
import {
  approvalsOf,
  confirmAllApprovals,
  confirmApproval,
  ignoreAllApprovals,
  ignoreApproval,
} from './approvals.js';

const subnetParams = z.object({ accountId: z.string(), subnetId: z.string() });
const approvalParams = subnetParams.extend({ approvalId: z.string() });
const errors = { 401: errorResponse, 404: errorResponse };

/** Pending approvals of a subnet: list, confirm or ignore one, confirm or ignore all (one transaction). */
export function registerApprovalRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['approvals'];
  const base = '/api/accounts/:accountId/subnets/:subnetId/approvals';

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "A subnet's pending approvals, in address order",
        params: subnetParams,
        response: { 200: listOf(approvalResponse), ...errors },
      },
    },
    async (request) => ({
      items: await approvalsOf(changeContextOf(request, deps), request.params.subnetId),
    }),
  );

  const settleOne = [
    ['confirm', 'Confirm: write the recommended status to the address and remove the entry', confirmApproval],
    ['ignore', 'Ignore: remove the entry only', ignoreApproval],
  ] as const;
  for (const [action, summary, settle] of settleOne) {
    app.post(
      `${base}/:approvalId/${action}`,
      {
        schema: {
          tags,
          summary,
          params: approvalParams,
          body: noBody,
          response: { 200: settledResponse, ...errors },
        },
      },
      async (request) => {
        const { subnetId, approvalId } = request.params;
        await settle(changeContextOf(request, deps), subnetId, approvalId);
        return { settled: 1 };
      },
    );
  }

  const settleAll = [
    ['confirm-all', 'Confirm All, in one transaction', confirmAllApprovals],
    ['ignore-all', 'Ignore All, in one transaction', ignoreAllApprovals],
  ] as const;
  for (const [action, summary, settle] of settleAll) {
    app.post(
      `${base}/${action}`,
      {
        schema: {
          tags,
          summary,
          params: subnetParams,
          body: noBody,
          response: { 200: settledResponse, ...errors },
        },
      },
      async (request) => ({
        settled: await settle(changeContextOf(request, deps), request.params.subnetId),
      }),
    );
  }
}
