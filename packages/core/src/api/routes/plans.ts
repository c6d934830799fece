import { z } from 'zod';
import { MAX_PLANS } from '../../limits.js';
import {
  planCreateSchema,
  planExportQuery,
  planHistoryQuery,
  planUpdateSchema,
  planVersionBody,
} from '../../schemas/plan-schemas.js';
import { errorResponse, listOf } from '../common.js';
import {
  planHistoryPageResponse,
  planResponse,
  planSummaryResponse,
  planValidationResponse,
} from '../plan.js';
import { accountParams, planParams } from '../route-params.js';
import { conflictingWriteErrors, readErrors } from '../route-errors.js';
import { defineRoute } from '../route-table.js';

const tags = ['planner'];
const base = '/api/accounts/:accountId/plans';

/** The network planner's plans (PL-6 … PL-11, PL-16 … PL-18); every member may read and write (PL-21). */
export const planRoutes = {
  list: defineRoute({
    method: 'GET',
    path: base,
    tags,
    summary: 'Network plans, most recently updated first',
    params: accountParams,
    responses: { 200: listOf(planSummaryResponse), ...readErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: base,
    tags,
    summary: `Create a plan, optionally from a template (at most ${MAX_PLANS} per account)`,
    params: accountParams,
    body: planCreateSchema,
    responses: { 201: planResponse, ...conflictingWriteErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: `${base}/:planId`,
    tags,
    summary: 'A plan with its subnets in tree order',
    params: planParams,
    responses: { 200: planResponse, ...readErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: `${base}/:planId`,
    tags,
    summary: 'Change name, description, tags, settings or template flag',
    params: planParams,
    body: planUpdateSchema,
    responses: { 200: planResponse, ...conflictingWriteErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: `${base}/:planId`,
    tags,
    summary: 'Delete a plan with its subnets and history',
    params: planParams,
    body: planVersionBody,
    responses: { 204: z.void(), ...conflictingWriteErrors },
  }),
  duplicate: defineRoute({
    method: 'POST',
    path: `${base}/:planId/duplicate`,
    tags,
    summary: "Copy a plan: ' (Copy)', tag 'copy', new subnet ids, version 1",
    params: planParams,
    body: planVersionBody,
    responses: { 201: planResponse, ...conflictingWriteErrors },
  }),
  validate: defineRoute({
    method: 'POST',
    path: `${base}/:planId/validate`,
    tags,
    summary: 'Validate and store the result (no new version, no history)',
    params: planParams,
    body: planVersionBody,
    responses: { 200: planValidationResponse, ...conflictingWriteErrors },
  }),
  history: defineRoute({
    method: 'GET',
    path: `${base}/:planId/history`,
    tags,
    summary: 'Change history, newest first',
    params: planParams,
    query: planHistoryQuery,
    responses: { 200: planHistoryPageResponse, 400: errorResponse, ...readErrors },
  }),
  export: defineRoute({
    method: 'GET',
    path: `${base}/:planId/export`,
    tags,
    summary: 'The plan as a CSV, JSON or XLSX attachment',
    params: planParams,
    query: planExportQuery,
    produces: [
      'text/csv',
      'application/json',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    responses: {
      200: z.unknown().describe('the file (text/csv, application/json or .xlsx)'),
      400: errorResponse,
      409: errorResponse,
      ...readErrors,
    },
  }),
};
