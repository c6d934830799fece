import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, listOf, noBody } from '@ipam/core/api/common';
import { scannerResponse, scannerWithKeyResponse } from '@ipam/core/api/scanner';
import { scannerCreateSchema, scannerUpdateSchema } from '@ipam/core/schemas/scanner-schemas';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf } from '../http/request-context.js';
import {
  createScanner,
  deleteScanner,
  editScanner,
  regenerateScannerKey,
  removeMissingSubnets,
  scannersOf,
} from './scanners.js';

const accountParams = z.object({ accountId: z.string() });
const scannerParams = z.object({ accountId: z.string(), scannerId: z.string() });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Settings ▸ Scanners: list, register (key answered once), edit, regenerate the key, delete. */
export function registerScannerRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['scanners'];
  const base = '/api/accounts/:accountId/scanners';

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'Scanners by name (403 on a tier without scanners); keys are never read back',
        params: accountParams,
        response: { 200: listOf(scannerResponse), ...errors },
      },
    },
    async (request) => ({ items: await scannersOf(changeContextOf(request, deps)) }),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Register a scanner; the answer carries its 32-character key, the only time it is shown',
        params: accountParams,
        body: scannerCreateSchema,
        response: { 201: scannerWithKeyResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createScanner(changeContextOf(request, deps), request.body)),
  );

  app.patch(
    `${base}/:scannerId`,
    {
      schema: {
        tags,
        summary: 'Edit name, description, subnets and Block Scanning',
        params: scannerParams,
        body: scannerUpdateSchema,
        response: { 200: scannerResponse, ...errors },
      },
    },
    async (request) => editScanner(changeContextOf(request, deps), request.params.scannerId, request.body),
  );

  app.post(
    `${base}/:scannerId/key`,
    {
      schema: {
        tags,
        summary: 'Regenerate the key: the new one is answered once, the old one stops working at once',
        params: scannerParams,
        body: noBody,
        response: { 200: scannerWithKeyResponse, ...errors },
      },
    },
    async (request) => regenerateScannerKey(changeContextOf(request, deps), request.params.scannerId),
  );

  app.post(
    `${base}/:scannerId/remove-missing-subnets`,
    {
      schema: {
        tags,
        summary: 'Remove Missing Subnets: drop the ids of subnets deleted elsewhere ("(Removed)")',
        params: scannerParams,
        body: noBody,
        response: { 200: scannerResponse, ...errors },
      },
    },
    async (request) => removeMissingSubnets(changeContextOf(request, deps), request.params.scannerId),
  );

  app.delete(
    `${base}/:scannerId`,
    {
      schema: {
        tags,
        summary: 'Delete a scanner; its key stops working at once',
        params: scannerParams,
        body: noBody,
        response: { 204: z.void(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteScanner(changeContextOf(request, deps), request.params.scannerId);
      return reply.status(204).send();
    },
  );
}
