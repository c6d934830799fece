import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ipv4CalculationCreateSchema,
  ipv6CalculationCreateSchema,
} from '@ipam/core/schemas/calculation-schemas';
import { savedIPv4Response, savedIPv6Response } from '@ipam/core/api/calculation';
import { errorResponse, listOf, noBody } from '@ipam/core/api/common';
import { MAX_SAVED_CALCULATIONS } from '@ipam/core/limits';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf, requireAccount } from '../http/request-context.js';
import { listCalculations } from './calculation-repository.js';
import { toSavedIPv4, toSavedIPv6 } from './calculation-view.js';
import { removeCalculation } from './remove-calculation.js';
import { saveIPv4Calculation, saveIPv6Calculation } from './save-calculation.js';

const accountParams = z.object({ accountId: z.string() });
const saveErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Saved calculator results: list (newest first), save (the server computes the result), delete. */
export function registerCalculationRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['tools'];

  app.get(
    '/api/accounts/:accountId/calculations/ipv4',
    {
      schema: {
        tags,
        summary: 'Saved IPv4 calculations, newest first',
        params: accountParams,
        response: { 200: listOf(savedIPv4Response), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({
      items: (await listCalculations(db, requireAccount(request).id, 'ipv4')).map(toSavedIPv4),
    }),
  );

  app.get(
    '/api/accounts/:accountId/calculations/ipv6',
    {
      schema: {
        tags,
        summary: 'Saved IPv6 calculations, newest first',
        params: accountParams,
        response: { 200: listOf(savedIPv6Response), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({
      items: (await listCalculations(db, requireAccount(request).id, 'ipv6')).map(toSavedIPv6),
    }),
  );

  app.post(
    '/api/accounts/:accountId/calculations/ipv4',
    {
      schema: {
        tags,
        summary: `Save an IPv4 calculation (address + mask as typed; at most ${MAX_SAVED_CALCULATIONS} per account)`,
        params: accountParams,
        body: ipv4CalculationCreateSchema,
        response: { 201: savedIPv4Response, ...saveErrors },
      },
    },
    async (request, reply) => {
      const saved = await saveIPv4Calculation(changeContextOf(request, deps), request.body);
      return reply.status(201).send(toSavedIPv4(saved));
    },
  );

  app.post(
    '/api/accounts/:accountId/calculations/ipv6',
    {
      schema: {
        tags,
        summary: `Save an IPv6 calculation (address + prefix as typed; at most ${MAX_SAVED_CALCULATIONS} per account)`,
        params: accountParams,
        body: ipv6CalculationCreateSchema,
        response: { 201: savedIPv6Response, ...saveErrors },
      },
    },
    async (request, reply) => {
      const saved = await saveIPv6Calculation(changeContextOf(request, deps), request.body);
      return reply.status(201).send(toSavedIPv6(saved));
    },
  );

  app.delete(
    '/api/accounts/:accountId/calculations/:calculationId',
    {
      schema: {
        tags,
        summary: 'Delete a saved calculation (IPv4 or IPv6)',
        params: z.object({ accountId: z.string(), calculationId: z.string() }),
        body: noBody,
        response: { 204: z.void(), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await removeCalculation(changeContextOf(request, deps), request.params.calculationId);
      return reply.status(204).send();
    },
  );
}
