import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressUpdateSchema } from '@ipam/core/schemas/address-schemas';
import { addressListQuery } from '@ipam/core/schemas/address-list-schemas';
import { errorResponse, noBody } from '@ipam/core/api/common';
import { addressPageResponse, addressResponse } from '@ipam/core/api/ipam';
import type { AppDeps } from '../http/app-deps.js';
import { callerCheckOf } from '../http/account-scope.js';
import { changeContextOf, requireAccount } from '../http/request-context.js';
import { isUnfilteredPage, readAddressPage, readAddressPageText } from './address-reads.js';
import { clearAddress, setAddress } from './address-writes.js';

const subnetParams = z.object({ accountId: z.string(), subnetId: z.string() });
const addressParams = subnetParams.extend({ ip: z.string().describe('an address in any valid form') });
const writeErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** A subnet's addresses: the sparse list (every host address, written or not), edit and Clear. */
export function registerAddressRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['addresses'];
  const base = '/api/accounts/:accountId/subnets/:subnetId/addresses';

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "A page of the subnet's host addresses in numeric order (never-written ones are Available)",
        params: subnetParams,
        querystring: addressListQuery,
        response: { 200: addressPageResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
      // The route clients call most: its first query makes the session and membership check too.
      config: { isCallerCheckedByQuery: true },
    },
    async (request, reply) => {
      const { filter, q, cursor, limit } = request.query;
      const caller = callerCheckOf(request, deps.db);
      // With the check pending, the account is the path's: the query checks the caller belongs to it.
      const accountId = caller ? request.params.accountId : requireAccount(request).id;
      const page = {
        filter: filter === undefined || filter === '' ? null : filter,
        // Spaces around a search are a typing accident, not part of what is looked for.
        q: q === undefined || q.trim() === '' ? null : q.trim(),
        cursor: cursor === undefined || cursor === '' ? null : cursor,
        limit,
      };
      const { subnetId } = request.params;
      if (!isUnfilteredPage(page)) return readAddressPage(deps.db, accountId, subnetId, page, caller);
      // The same answer as readAddressPage's, written as JSON text without row objects (see there).
      const text = await readAddressPageText(deps.db, accountId, subnetId, page, caller);
      // Sent as it is: a reply outside the type provider takes JSON text, which the serialiser never sees.
      const textReply: FastifyReply = reply;
      return textReply.type('application/json; charset=utf-8').send(text);
    },
  );

  app.put(
    `${base}/:ip`,
    {
      schema: {
        tags,
        summary: 'Set the status, hostname, description and scanner permission of an address',
        params: addressParams,
        body: addressUpdateSchema,
        response: { 200: addressResponse, ...writeErrors },
      },
    },
    async (request) =>
      setAddress(changeContextOf(request, deps), request.params.subnetId, request.params.ip, request.body),
  );

  app.post(
    `${base}/:ip/clear`,
    {
      schema: {
        tags,
        summary: 'Clear an address: Available, hostname and description emptied, scanner updates off',
        params: addressParams,
        body: noBody,
        response: { 200: addressResponse, ...writeErrors },
      },
    },
    async (request) =>
      clearAddress(changeContextOf(request, deps), request.params.subnetId, request.params.ip),
  );
}
