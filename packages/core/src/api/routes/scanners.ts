import { z } from 'zod';
import { scannerCreateSchema, scannerUpdateSchema } from '../../schemas/scanner-schemas.js';
import { listOf, noBody } from '../common.js';
import { accountParams } from '../route-params.js';
import { scannerResponse, scannerWithKeyResponse } from '../scanner.js';
import { writeErrors } from '../route-errors.js';
import { defineRoute } from '../route-table.js';

const tags = ['scanners'];
const base = '/api/accounts/:accountId/scanners';
const scannerParams = accountParams.extend({ scannerId: z.string() });

/** Settings ▸ Scanners: list, register (key answered once), edit, regenerate the key, delete. */
export const scannerRoutes = {
  list: defineRoute({
    method: 'GET',
    path: base,
    tags,
    summary: 'Scanners by name (403 on a tier without scanners); keys are never read back',
    params: accountParams,
    responses: { 200: listOf(scannerResponse), ...writeErrors },
  }),
  create: defineRoute({
    method: 'POST',
    minRole: 'admin',
    path: base,
    tags,
    summary: 'Register a scanner; the answer carries its 32-character key, the only time it is shown',
    params: accountParams,
    body: scannerCreateSchema,
    responses: { 201: scannerWithKeyResponse, ...writeErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    minRole: 'admin',
    path: `${base}/:scannerId`,
    tags,
    summary: 'Edit name, description, subnets and Block Scanning',
    params: scannerParams,
    body: scannerUpdateSchema,
    responses: { 200: scannerResponse, ...writeErrors },
  }),
  regenerateKey: defineRoute({
    method: 'POST',
    minRole: 'admin',
    path: `${base}/:scannerId/key`,
    tags,
    summary: 'Regenerate the key: the new one is answered once, the old one stops working at once',
    params: scannerParams,
    body: noBody,
    responses: { 200: scannerWithKeyResponse, ...writeErrors },
  }),
  removeMissingSubnets: defineRoute({
    method: 'POST',
    minRole: 'admin',
    path: `${base}/:scannerId/remove-missing-subnets`,
    tags,
    summary: 'Remove Missing Subnets: drop the ids of subnets deleted elsewhere ("(Removed)")',
    params: scannerParams,
    body: noBody,
    responses: { 200: scannerResponse, ...writeErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    minRole: 'admin',
    path: `${base}/:scannerId`,
    tags,
    summary: 'Delete a scanner; its key stops working at once',
    params: scannerParams,
    body: noBody,
    responses: { 204: z.void(), ...writeErrors },
  }),
};
