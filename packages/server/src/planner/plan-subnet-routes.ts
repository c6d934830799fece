import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@ipam/core/api/common';
import { planApplyResponse, planSplitResponse, planSubnetResponse } from '@ipam/core/api/plan';
import { MAX_PLAN_SUBNETS } from '@ipam/core/limits';
import {
  planApplySchema,
  planSplitSchema,
  planSubnetSchema,
  planSubnetUpdateSchema,
  planVersionBody,
} from '@ipam/core/schemas/plan-schemas';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf } from '../http/request-context.js';
import { applyPlan } from './apply-plan.js';
import { addPlanSubnet, deletePlanSubnet, updatePlanSubnet } from './plan-subnets.js';
import { splitPlanSubnet } from './split-plan-subnet.js';

const planParams = z.object({ accountId: z.string(), planId: z.string() });
const subnetParams = planParams.extend({ subnetId: z.string() });
const writeErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** A plan's subnets (PL-12 … PL-15) and applying the plan to IPAM (PL-138). */
export function registerPlanSubnetRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['planner'];
  const base = '/api/accounts/:accountId/plans/:planId';

  app.post(
    `${base}/subnets`,
    {
      schema: {
        tags,
        summary: `Add a planned subnet (at most ${MAX_PLAN_SUBNETS} per plan)`,
        params: planParams,
        body: planSubnetSchema,
        response: { 201: planSubnetResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const subnet = await addPlanSubnet(changeContextOf(request, deps), request.params.planId, request.body);
      return reply.status(201).send(subnet);
    },
  );

  app.patch(
    `${base}/subnets/:subnetId`,
    {
      schema: {
        tags,
        summary: 'Change a planned subnet (its address only while it has no children)',
        params: subnetParams,
        body: planSubnetUpdateSchema,
        response: { 200: planSubnetResponse, ...writeErrors },
      },
    },
    async (request) => {
      const { planId, subnetId } = request.params;
      return updatePlanSubnet(changeContextOf(request, deps), planId, subnetId, request.body);
    },
  );

  app.delete(
    `${base}/subnets/:subnetId`,
    {
      schema: {
        tags,
        summary: 'Delete a planned subnet and all its descendants',
        params: subnetParams,
        body: planVersionBody,
        response: { 204: z.void(), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { planId, subnetId } = request.params;
      await deletePlanSubnet(changeContextOf(request, deps), planId, subnetId, request.body?.expectedVersion);
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/subnets/:subnetId/split`,
    {
      schema: {
        tags,
        summary: 'Split a planned subnet into equal children in one transaction',
        params: subnetParams,
        body: planSplitSchema,
        response: { 201: planSplitResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { planId, subnetId } = request.params;
      return reply
        .status(201)
        .send(await splitPlanSubnet(changeContextOf(request, deps), planId, subnetId, request.body));
    },
  );

  app.post(
    `${base}/apply`,
    {
      schema: {
        tags,
        summary: 'Preview (dryRun) or create the plan subnets as IPAM subnets, all or nothing',
        params: planParams,
        body: planApplySchema,
        response: { 200: planApplyResponse, ...writeErrors },
      },
    },
    async (request) => applyPlan(changeContextOf(request, deps), request.params.planId, request.body),
  );
}
