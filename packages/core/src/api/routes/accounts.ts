import { accountResponse, statsResponse } from '../account.js';
import { errorResponse, listOf } from '../common.js';
import { dashboardResponse } from '../dashboard.js';
import { readErrors } from '../route-errors.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['accounts'];

/** The caller's accounts, one account, its dashboard counts and its whole dashboard. */
export const accountRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/accounts',
    tags,
    summary: 'Accounts the caller belongs to',
    responses: { 200: listOf(accountResponse), 401: errorResponse },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId',
    tags,
    summary: 'One account',
    params: accountParams,
    responses: { 200: accountResponse, ...readErrors },
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/stats',
    tags,
    summary: 'Dashboard counts',
    params: accountParams,
    responses: { 200: statsResponse, ...readErrors },
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/dashboard',
    tags,
    summary:
      'Dashboard: the three counts, address totals by status, fullest subnets, pending approvals, latest changes',
    params: accountParams,
    responses: { 200: dashboardResponse, ...readErrors },
  }),
};
