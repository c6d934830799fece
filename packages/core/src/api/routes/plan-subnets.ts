import { z } from 'zod';
import { MAX_PLAN_SUBNETS } from '../../limits.js';
import {
  planApplySchema,
  planSplitSchema,
  planSubnetSchema,
  planSubnetUpdateSchema,
  planVersionBody,
} from '../../schemas/plan-schemas.js';
import { planApplyResponse, planSplitResponse, planSubnetResponse } from '../plan.js';
import { planParams } from '../route-params.js';
import { conflictingWriteErrors } from '../route-errors.js';
import { defineRoute } from '../route-table.js';

const tags = ['planner'];
const base = '/api/accounts/:accountId/plans/:planId';
const planSubnetParams = planParams.extend({ subnetId: z.string() });

/** A plan's subnets (PL-12 … PL-15) and applying the plan to IPAM (PL-138). */
export const planSubnetRoutes = {
  add: defineRoute({
    method: 'POST',
    path: `${base}/subnets`,
    tags,
    summary: `Add a planned subnet (at most ${MAX_PLAN_SUBNETS} per plan)`,
    params: planParams,
    body: planSubnetSchema,
    responses: { 201: planSubnetResponse, ...conflictingWriteErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: `${base}/subnets/:subnetId`,
    tags,
    summary: 'Change a planned subnet (its address only while it has no children)',
    params: planSubnetParams,
    body: planSubnetUpdateSchema,
    responses: { 200: planSubnetResponse, ...conflictingWriteErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: `${base}/subnets/:subnetId`,
    tags,
    summary: 'Delete a planned subnet and all its descendants',
    params: planSubnetParams,
    body: planVersionBody,
    responses: { 204: z.void(), ...conflictingWriteErrors },
  }),
  split: defineRoute({
    method: 'POST',
    path: `${base}/subnets/:subnetId/split`,
    tags,
    summary: 'Split a planned subnet into equal children in one transaction',
    params: planSubnetParams,
    body: planSplitSchema,
    responses: { 201: planSplitResponse, ...conflictingWriteErrors },
  }),
  apply: defineRoute({
    method: 'POST',
    path: `${base}/apply`,
    isIdempotent: true,
    tags,
    summary: 'Preview (dryRun) or create the plan subnets as IPAM subnets, all or nothing',
    params: planParams,
    body: planApplySchema,
    responses: { 200: planApplyResponse, ...conflictingWriteErrors },
  }),
};
