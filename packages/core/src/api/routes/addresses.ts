import { z } from 'zod';
import { addressListQuery, addressLookupQuery } from '../../schemas/address-list-schemas.js';
import { addressUpdateSchema } from '../../schemas/address-schemas.js';
import { bulkAddressSchema, MAX_BULK_ADDRESSES } from '../../schemas/bulk-address-schemas.js';
import { nextFreeBody } from '../../schemas/next-free-schemas.js';
import { errorResponse, noBody } from '../common.js';
import { bulkAddressResponse } from '../address-bulk.js';
import { addressListResponse } from '../address-range-page.js';
import { addressLookupResponse, addressResponse } from '../ipam.js';
import { nextFreeResponse } from '../next-free.js';
import { conflictingWriteErrors, writeErrors } from '../route-errors.js';
import { accountParams, subnetParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['addresses'];
const addressParams = subnetParams.extend({ ip: z.string().describe('an address in any valid form') });

/** A subnet's addresses: the sparse list (every host address, written or not), edit, Clear, bulk, next free. */
export const addressRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/subnets/:subnetId/addresses',
    tags,
    summary:
      "A page of the subnet's host addresses in numeric order (never-written ones are Available); a leaf " +
      'over 2^24 addresses answers its written addresses and free ranges (layout "ranges")',
    params: subnetParams,
    query: addressListQuery,
    responses: { 200: addressListResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/subnets/:subnetId/addresses/:ip',
    tags,
    summary: 'One address of the subnet, written or not (a never-written one is Available with id null)',
    params: addressParams,
    responses: {
      200: addressResponse,
      400: errorResponse,
      401: errorResponse,
      404: errorResponse,
      409: errorResponse,
    },
  }),
  lookup: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/addresses/lookup',
    tags,
    summary:
      'Which subnet holds an address, without knowing its id: the leaf holding it in each VRF (or in the ' +
      'one VRF asked for), with the address itself; an empty list when no subnet holds it',
    params: accountParams,
    query: addressLookupQuery,
    responses: { 200: addressLookupResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  set: defineRoute({
    method: 'PUT',
    path: '/api/accounts/:accountId/subnets/:subnetId/addresses/:ip',
    tags,
    summary: 'Set the status, hostname, description and scanner permission of an address',
    params: addressParams,
    body: addressUpdateSchema,
    responses: { 200: addressResponse, ...writeErrors },
  }),
  clear: defineRoute({
    method: 'POST',
    path: '/api/accounts/:accountId/subnets/:subnetId/addresses/:ip/clear',
    tags,
    summary: 'Clear an address: Available, hostname and description emptied, scanner updates off',
    params: addressParams,
    body: noBody,
    responses: { 200: addressResponse, ...writeErrors },
  }),
  bulk: defineRoute({
    method: 'POST',
    path: '/api/accounts/:accountId/subnets/:subnetId/addresses/bulk',
    tags,
    summary:
      `Change up to ${MAX_BULK_ADDRESSES} addresses of the subnet at once: "set" writes the status, ` +
      'description (empty clears it) and scanner permission given, keeping the rest; "clear" is Clear. One ' +
      'transaction (all or nothing), one audit entry per address, one live event',
    params: subnetParams,
    body: bulkAddressSchema,
    responses: { 200: bulkAddressResponse, ...conflictingWriteErrors },
  }),
  assignNextFree: defineRoute({
    method: 'POST',
    path: '/api/accounts/:accountId/subnets/:subnetId/addresses/next',
    isIdempotent: true,
    tags,
    summary:
      'Assign the lowest Available host address(es) (never written, or written as Available), count of ' +
      'them (1 to 256), optionally within from…to, and write them in the same transaction; concurrent ' +
      'calls never get the same address. 409 when there are not enough (nothing written)',
    params: subnetParams,
    body: nextFreeBody,
    responses: { 201: nextFreeResponse, 409: errorResponse, ...writeErrors },
  }),
};
