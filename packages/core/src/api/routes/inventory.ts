import { inventoryQuery, inventoryResponse } from '../inventory.js';
import { readErrors } from '../route-errors.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['inventory'];

/** The hosts automation reads (`ipam inventory` turns them into Ansible's dynamic inventory). */
export const inventoryRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/inventory',
    tags,
    summary:
      'Every In Use address with a hostname, with its subnet, VLAN, VRF, description and IPAM group, ' +
      'and the groups (one request for the whole account; read-only, a read API token is enough)',
    params: accountParams,
    query: inventoryQuery,
    responses: { 200: inventoryResponse, ...readErrors },
  }),
};
