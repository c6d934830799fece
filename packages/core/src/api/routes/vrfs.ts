import { z } from 'zod';
import { vrfCreateSchema, vrfUpdateSchema } from '../../schemas/vrf-schemas.js';
import { listOf, noBody } from '../common.js';
import { vrfResponse } from '../ipam.js';
import { conflictingWriteErrors, readErrors } from '../route-errors.js';
import { accountParams, vrfParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['vrfs'];

/** VRFs (routing domains): list by name, create, rename/describe, delete when empty (never Global). */
export const vrfRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/vrfs',
    tags,
    summary: 'VRFs, ordered by name, each with how many subnets it holds',
    params: accountParams,
    responses: { 200: listOf(vrfResponse), ...readErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/accounts/:accountId/vrfs',
    tags,
    summary: 'Create a VRF (name unique in the account, optional route distinguisher); 403 beyond 1,000',
    params: accountParams,
    body: vrfCreateSchema,
    responses: { 201: vrfResponse, ...conflictingWriteErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/accounts/:accountId/vrfs/:vrfId',
    tags,
    summary: 'Rename a VRF or change its route distinguisher or description',
    params: vrfParams,
    body: vrfUpdateSchema,
    responses: { 200: vrfResponse, ...conflictingWriteErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/accounts/:accountId/vrfs/:vrfId',
    tags,
    summary: 'Delete an empty VRF (one with subnets, and the Global VRF, are refused with 409)',
    params: vrfParams,
    body: noBody,
    responses: { 204: z.void(), ...conflictingWriteErrors },
  }),
};
