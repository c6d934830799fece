import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADDRESS_FILTERS } from '@ipam/core/address-listing';
import { messages } from '@ipam/core/messages';
import { addressUpdateSchema } from '@ipam/core/schemas/address-schemas';
import { MAX_SEARCH_LENGTH } from '@ipam/core/schemas/common-fields';
import { errorResponse, noBody } from '@ipam/core/api/common';
import { addressPageResponse, addressResponse } from '@ipam/core/api/ipam';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf, requireAccount } from '../http/request-context.js';
import { readAddressPage } from './address-page.js';
import { clearAddress, setAddress } from './address-writes.js';

/** Page size bounds of the address list. */
export const MAX_ADDRESS_PAGE_LIMIT = 1000;
export const DEFAULT_ADDRESS_PAGE_LIMIT = 100;

const limitMessage = messages.pageLimitInvalid(MAX_ADDRESS_PAGE_LIMIT);

/** Query of the address list; `filter=` (empty) means no filter, like leaving it out. */
export const addressListQuery = z.strictObject({
  filter: z
    .enum([...ADDRESS_FILTERS, ''], { error: messages.addressFilterInvalid })
    .optional()
    .describe('in-use: status In Use; available: status Available (never-written addresses included)'),
  q: z
    .string()
    .max(MAX_SEARCH_LENGTH, messages.tooLong('Search', MAX_SEARCH_LENGTH))
    .optional()
    .describe('case-insensitive text in the address, status, hostname or description'),
  cursor: z
    .string()
    .max(100, messages.invalidCursor)
    .optional()
    .describe('nextCursor of the previous page: the page starts after this address'),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(MAX_ADDRESS_PAGE_LIMIT, limitMessage)
    .default(DEFAULT_ADDRESS_PAGE_LIMIT),
});

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
    },
    async (request, reply) => {
      const { filter, q, cursor, limit } = request.query;
      const text = await readAddressPage(deps.db, requireAccount(request).id, request.params.subnetId, {
        filter: filter === undefined || filter === '' ? null : filter,
        // Spaces around a search are a typing accident, not part of what is looked for.
        q: q === undefined || q.trim() === '' ? null : q.trim(),
        cursor: cursor === undefined || cursor === '' ? null : cursor,
        limit,
      });
      // The page is JSON text already (see readAddressPage): a reply outside the type provider sends it as is.
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
