import type { FastifyInstance } from 'fastify';
import { approvalRoutes } from '@ipam/core/api/routes/approvals';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf } from '../auth/request-context.js';
import {
  approvalsOf,
  confirmAllApprovals,
  confirmApproval,
  ignoreAllApprovals,
  ignoreApproval,
} from './approvals.js';

/** Pending approvals of a subnet: list, confirm or ignore one, confirm or ignore all (one transaction). */
export function registerApprovalRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, approvalRoutes.list, async (request) => ({
    items: await approvalsOf(changeContextOf(request, deps), request.params.subnetId),
  }));

  for (const [route, settle] of [
    [approvalRoutes.confirm, confirmApproval],
    [approvalRoutes.ignore, ignoreApproval],
  ] as const) {
    registerRoute(app, route, async (request) => {
      const { subnetId, approvalId } = request.params;
      await settle(changeContextOf(request, deps), subnetId, approvalId);
      return { settled: 1 };
    });
  }

  for (const [route, settle] of [
    [approvalRoutes.confirmAll, confirmAllApprovals],
    [approvalRoutes.ignoreAll, ignoreAllApprovals],
  ] as const) {
    registerRoute(app, route, async (request) => ({
      settled: await settle(changeContextOf(request, deps), request.params.subnetId),
    }));
  }
}
