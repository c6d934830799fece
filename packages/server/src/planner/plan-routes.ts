import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, listOf } from '@ipam/core/api/common';
import {
  planHistoryPageResponse,
  planResponse,
  planSummaryResponse,
  planValidationResponse,
} from '@ipam/core/api/plan';
import { MAX_PLANS } from '@ipam/core/limits';
import { contentDisposition } from '@ipam/core/plan-export';
import {
  planCreateSchema,
  planExportQuery,
  planHistoryQuery,
  planUpdateSchema,
  planVersionBody,
} from '@ipam/core/schemas/plan-schemas';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf, requireAccount } from '../http/request-context.js';
import { exportPlan } from './plan-export-files.js';
import { listPlanSummaries, readFullPlan, readPlanHistory, validateStoredPlan } from './plan-reads.js';
import { planView } from './plan-view.js';
import { createPlan, deletePlan, duplicatePlan, updatePlan } from './plans.js';

const accountParams = z.object({ accountId: z.string() });
const planParams = z.object({ accountId: z.string(), planId: z.string() });
const readErrors = { 401: errorResponse, 404: errorResponse };
const writeErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** The network planner's plans (PL-6 … PL-11, PL-16 … PL-18); every member may read and write (PL-21). */
export function registerPlanRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['planner'];
  const base = '/api/accounts/:accountId/plans';

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'Network plans, most recently updated first',
        params: accountParams,
        response: { 200: listOf(planSummaryResponse), ...readErrors },
      },
    },
    async (request) => ({ items: await listPlanSummaries(db, requireAccount(request).id) }),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: `Create a plan, optionally from a template (at most ${MAX_PLANS} per account)`,
        params: accountParams,
        body: planCreateSchema,
        response: { 201: planResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const state = await createPlan(changeContextOf(request, deps), request.body);
      return reply.status(201).send(planView(state.plan, state.subnets));
    },
  );

  app.get(
    `${base}/:planId`,
    {
      schema: {
        tags,
        summary: 'A plan with its subnets in tree order',
        params: planParams,
        response: { 200: planResponse, ...readErrors },
      },
    },
    async (request) => readFullPlan(db, requireAccount(request).id, request.params.planId),
  );

  app.patch(
    `${base}/:planId`,
    {
      schema: {
        tags,
        summary: 'Change name, description, tags, settings or template flag',
        params: planParams,
        body: planUpdateSchema,
        response: { 200: planResponse, ...writeErrors },
      },
    },
    async (request) => {
      const state = await updatePlan(changeContextOf(request, deps), request.params.planId, request.body);
      return planView(state.plan, state.subnets);
    },
  );

  app.delete(
    `${base}/:planId`,
    {
      schema: {
        tags,
        summary: 'Delete a plan with its subnets and history',
        params: planParams,
        body: planVersionBody,
        response: { 204: z.void(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deletePlan(changeContextOf(request, deps), request.params.planId, request.body?.expectedVersion);
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/:planId/duplicate`,
    {
      schema: {
        tags,
        summary: "Copy a plan: ' (Copy)', tag 'copy', new subnet ids, version 1",
        params: planParams,
        body: planVersionBody,
        response: { 201: planResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const state = await duplicatePlan(
        changeContextOf(request, deps),
        request.params.planId,
        request.body?.expectedVersion,
      );
      return reply.status(201).send(planView(state.plan, state.subnets));
    },
  );

  app.post(
    `${base}/:planId/validate`,
    {
      schema: {
        tags,
        summary: 'Validate and store the result (no new version, no history)',
        params: planParams,
        body: planVersionBody,
        response: { 200: planValidationResponse, ...writeErrors },
      },
    },
    async (request) => validateStoredPlan(changeContextOf(request, deps), request.params.planId),
  );

  app.get(
    `${base}/:planId/history`,
    {
      schema: {
        tags,
        summary: 'Change history, newest first',
        params: planParams,
        querystring: planHistoryQuery,
        response: { 200: planHistoryPageResponse, 400: errorResponse, ...readErrors },
      },
    },
    async (request) => readPlanHistory(db, requireAccount(request).id, request.params.planId, request.query),
  );

  app.get(
    `${base}/:planId/export`,
    {
      schema: {
        tags,
        summary: 'The plan as a CSV, JSON or XLSX attachment',
        params: planParams,
        querystring: planExportQuery,
        produces: [
          'text/csv',
          'application/json',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ],
        response: {
          200: z.unknown().describe('the file (text/csv, application/json or .xlsx)'),
          400: errorResponse,
          409: errorResponse,
          ...readErrors,
        },
      },
    },
    async (request, reply) => {
      const file = await exportPlan(db, requireAccount(request).id, request.params.planId, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .send(file.body);
    },
  );
}
