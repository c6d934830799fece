import { z } from 'zod';
import { snmpTargetsUpdateSchema } from '../../schemas/snmp-schemas.js';
import { errorResponse } from '../common.js';
import { accountParams } from '../route-params.js';
import { writeErrors } from '../route-errors.js';
import { defineRoute } from '../route-table.js';
import { agentSnmpTargetsResponse, snmpTargetsResponse } from '../snmp-targets.js';

const scannerParams = accountParams.extend({ scannerId: z.string() });
const path = '/api/accounts/:accountId/scanners/:scannerId/snmp-targets';

/**
 * Settings ▸ Scanners ▸ SNMP targets: the routers and switches whose neighbour tables a scanner reads.
 * Admins only, like every scanner setting; communities and passwords are write-only.
 */
export const scannerSnmpRoutes = {
  get: defineRoute({
    method: 'GET',
    minRole: 'admin',
    path,
    tags: ['scanners'],
    summary: "A scanner's SNMP targets, without their community or passwords (only whether one is set)",
    params: scannerParams,
    responses: { 200: snmpTargetsResponse, ...writeErrors },
  }),
  replace: defineRoute({
    method: 'PUT',
    minRole: 'admin',
    path,
    tags: ['scanners'],
    summary:
      "Replace a scanner's SNMP targets; a target sent with its id and without its community or passwords keeps the stored ones",
    params: scannerParams,
    body: snmpTargetsUpdateSchema,
    responses: { 200: snmpTargetsResponse, ...writeErrors },
  }),
};

/** The agent's own copy of its SNMP targets, credentials included (`Authorization: Bearer <scanner key>`). */
export const scannerAgentSnmpRoutes = {
  targets: defineRoute({
    method: 'GET',
    path: '/api/scanner/snmp-targets',
    tags: ['scanner agent'],
    security: [{ scannerKey: [] }],
    summary:
      'The SNMP targets stored for this scanner, with their credentials: what the agent reads neighbour tables from',
    responses: { 200: agentSnmpTargetsResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
  }),
};
