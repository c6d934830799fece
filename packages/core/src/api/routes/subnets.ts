import { z } from 'zod';
import { subnetCreateBody, subnetUpdateBody } from '../../schemas/subnet-bodies.js';
import { subnetListQuery, subnetNextSchema } from '../../schemas/subnet-schemas.js';
import { errorResponse, listOf, noBody } from '../common.js';
import { subnetResponse } from '../ipam.js';
import { readErrors } from '../route-errors.js';
import { accountParams, subnetParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['subnets'];

/** Subnets: list by name, create (tier, limit and overlap rules), read, edit, delete, Scan Now. */
export const subnetRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/subnets',
    tags,
    summary: 'Subnets, ordered by name; parentId (an id, or none) and vrfId narrow the list to one level',
    params: accountParams,
    query: subnetListQuery,
    responses: { 200: listOf(subnetResponse), ...readErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/accounts/:accountId/subnets',
    isIdempotent: true,
    tags,
    summary:
      'Create an IPv4 (networkIP + bits) or IPv6 (networkIP + prefixLength) subnet, a leaf (addresses) or ' +
      'a container (subnets) in a VRF (default Global); 403 for the tier or the subnet limit, 409 when a ' +
      'leaf would overlap another leaf of the VRF or lie inside a leaf',
    params: accountParams,
    body: subnetCreateBody,
    responses: {
      201: subnetResponse,
      400: errorResponse,
      403: errorResponse,
      409: errorResponse,
      ...readErrors,
    },
  }),
  next: defineRoute({
    method: 'POST',
    path: '/api/accounts/:accountId/subnets/next',
    isIdempotent: true,
    tags,
    summary:
      'Create the first free aligned child of prefixLength inside the container parentId (same VRF and ' +
      'version), safe under concurrency; 409 when none fits',
    params: accountParams,
    body: subnetNextSchema,
    responses: {
      201: subnetResponse,
      400: errorResponse,
      403: errorResponse,
      409: errorResponse,
      ...readErrors,
    },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/subnets/:subnetId',
    tags,
    summary: 'One subnet',
    params: subnetParams,
    responses: { 200: subnetResponse, ...readErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/accounts/:accountId/subnets/:subnetId',
    tags,
    summary: 'Edit name, VLAN, description, group and scanning (network and prefix are fixed)',
    params: subnetParams,
    body: subnetUpdateBody,
    responses: { 200: subnetResponse, 400: errorResponse, ...readErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/accounts/:accountId/subnets/:subnetId',
    tags,
    summary: 'Delete a subnet with all its addresses and approvals (a container that holds subnets: 409)',
    params: subnetParams,
    body: noBody,
    responses: { 204: z.void(), 409: errorResponse, ...readErrors },
  }),
  scan: defineRoute({
    method: 'POST',
    path: '/api/accounts/:accountId/subnets/:subnetId/scan',
    tags,
    summary: 'Scan Now: sets scanNow (approval or auto scanning only; 409 when scanning is none)',
    params: subnetParams,
    body: noBody,
    responses: { 200: subnetResponse, 409: errorResponse, ...readErrors },
  }),
};
