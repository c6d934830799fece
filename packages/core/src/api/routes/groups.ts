import { z } from 'zod';
import { groupCreateSchema, groupUpdateSchema } from '../../schemas/group-schemas.js';
import { freePrefixesQuery } from '../../schemas/next-free-schemas.js';
import { errorResponse, listOf, noBody } from '../common.js';
import { groupResponse } from '../ipam.js';
import { freePrefixesResponse } from '../next-free.js';
import { accountParams, groupParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['groups'];
const writeErrors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/** Groups: list by name, create, rename/describe/move, delete when empty, and where a subnet fits. */
export const groupRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/groups',
    tags,
    summary: 'Groups, ordered by name',
    params: accountParams,
    responses: { 200: listOf(groupResponse), 401: errorResponse, 404: errorResponse },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/accounts/:accountId/groups',
    tags,
    summary: 'Create a group (parentId empty or null: top level)',
    params: accountParams,
    body: groupCreateSchema,
    responses: { 201: groupResponse, 403: errorResponse, ...writeErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/accounts/:accountId/groups/:groupId',
    tags,
    summary: 'Rename, describe or move a group (a group cannot become its own ancestor)',
    params: groupParams,
    body: groupUpdateSchema,
    responses: { 200: groupResponse, ...writeErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/accounts/:accountId/groups/:groupId',
    tags,
    summary: 'Delete an empty group (one with child groups or subnets is refused, 409)',
    params: groupParams,
    body: noBody,
    responses: { 204: z.void(), 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  freePrefixes: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/groups/:groupId/free-prefixes',
    tags,
    summary:
      'The first free aligned prefixes of `length` that overlap no subnet of the account, inside `within` ' +
      "(default: the smallest prefix holding the group's subnets)",
    params: groupParams,
    query: freePrefixesQuery,
    responses: { 200: freePrefixesResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
};
