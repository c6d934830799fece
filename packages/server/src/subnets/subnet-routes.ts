import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, listOf, noBody } from '@ipam/core/api/common';
import { subnetResponse } from '@ipam/core/api/ipam';
import { subnetCreateBody, subnetUpdateBody } from '@ipam/core/schemas/subnet-bodies';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf, requireAccount } from '../http/request-context.js';
import { listSubnets } from './subnet-repository.js';
import { subnetView } from './subnet-view.js';
import { createSubnet, deleteSubnet, editSubnet, requestScan, requireSubnet } from './subnets.js';

const accountParams = z.object({ accountId: z.string() });
const subnetParams = z.object({ accountId: z.string(), subnetId: z.string() });
const readErrors = { 401: errorResponse, 404: errorResponse };

/** Subnets: list by name, create (tier, limit and overlap rules), read, edit, delete, Scan Now. */
export function registerSubnetRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['subnets'];

  app.get(
    '/api/accounts/:accountId/subnets',
    {
      schema: {
        tags,
        summary: 'Subnets, ordered by name',
        params: accountParams,
        response: { 200: listOf(subnetResponse), ...readErrors },
      },
    },
    async (request) => ({
      items: (await listSubnets(deps.db, requireAccount(request).id)).map(subnetView),
    }),
  );

  app.post(
    '/api/accounts/:accountId/subnets',
    {
      schema: {
        tags,
        summary:
          'Create an IPv4 (networkIP + bits) or IPv6 (networkIP + prefixLength) subnet; 403 for the tier or ' +
          'the subnet limit, 409 when it overlaps another subnet',
        params: accountParams,
        body: subnetCreateBody,
        response: {
          201: subnetResponse,
          400: errorResponse,
          403: errorResponse,
          409: errorResponse,
          ...readErrors,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const isIPv6 = 'prefixLength' in body;
      const subnet = await createSubnet(changeContextOf(request, deps), {
        version: isIPv6 ? 6 : 4,
        name: body.name,
        vlanId: body.vlanId,
        description: body.description,
        groupId: body.groupId,
        networkIP: body.networkIP,
        length: isIPv6 ? body.prefixLength : body.bits,
        scanningType: body.scanningType,
        scanFrequency: body.scanFrequency,
      });
      return reply.status(201).send(subnetView(subnet));
    },
  );

  app.get(
    '/api/accounts/:accountId/subnets/:subnetId',
    {
      schema: {
        tags,
        summary: 'One subnet',
        params: subnetParams,
        response: { 200: subnetResponse, ...readErrors },
      },
    },
    async (request) =>
      subnetView(await requireSubnet(deps.db, requireAccount(request).id, request.params.subnetId)),
  );

  app.patch(
    '/api/accounts/:accountId/subnets/:subnetId',
    {
      schema: {
        tags,
        summary: 'Edit name, VLAN, description, group and scanning (network and prefix are fixed)',
        params: subnetParams,
        body: subnetUpdateBody,
        response: { 200: subnetResponse, 400: errorResponse, ...readErrors },
      },
    },
    async (request) =>
      subnetView(await editSubnet(changeContextOf(request, deps), request.params.subnetId, request.body)),
  );

  app.delete(
    '/api/accounts/:accountId/subnets/:subnetId',
    {
      schema: {
        tags,
        summary: 'Delete a subnet with all its addresses and approvals',
        params: subnetParams,
        body: noBody,
        response: { 204: z.void(), ...readErrors },
      },
    },
    async (request, reply) => {
      await deleteSubnet(changeContextOf(request, deps), request.params.subnetId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/accounts/:accountId/subnets/:subnetId/scan',
    {
      schema: {
        tags,
        summary: 'Scan Now: sets scanNow (approval or auto scanning only; 409 when scanning is none)',
        params: subnetParams,
        body: noBody,
        response: { 200: subnetResponse, 409: errorResponse, ...readErrors },
      },
    },
    async (request) => subnetView(await requestScan(changeContextOf(request, deps), request.params.subnetId)),
  );
}
