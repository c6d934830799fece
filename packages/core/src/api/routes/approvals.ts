import { z } from 'zod';
import { errorResponse, listOf, noBody, settledResponse } from '../common.js';
import { approvalResponse } from '../ipam.js';
import { subnetParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['approvals'];
const base = '/api/accounts/:accountId/subnets/:subnetId/approvals';
const approvalParams = subnetParams.extend({ approvalId: z.string() });
const errors = { 401: errorResponse, 404: errorResponse };

/** Pending approvals of a subnet: list, confirm or ignore one, confirm or ignore all (one transaction). */
export const approvalRoutes = {
  list: defineRoute({
    method: 'GET',
    path: base,
    tags,
    summary: "A subnet's pending approvals, in address order",
    params: subnetParams,
    responses: { 200: listOf(approvalResponse), ...errors },
  }),
  confirm: defineRoute({
    method: 'POST',
    path: `${base}/:approvalId/confirm`,
    tags,
    summary: 'Confirm: write the recommended status to the address and remove the entry',
    params: approvalParams,
    body: noBody,
    responses: { 200: settledResponse, ...errors },
  }),
  ignore: defineRoute({
    method: 'POST',
    path: `${base}/:approvalId/ignore`,
    tags,
    summary: 'Ignore: remove the entry only',
    params: approvalParams,
    body: noBody,
    responses: { 200: settledResponse, ...errors },
  }),
  confirmAll: defineRoute({
    method: 'POST',
    path: `${base}/confirm-all`,
    tags,
    summary: 'Confirm All, in one transaction',
    params: subnetParams,
    body: noBody,
    responses: { 200: settledResponse, ...errors },
  }),
  ignoreAll: defineRoute({
    method: 'POST',
    path: `${base}/ignore-all`,
    tags,
    summary: 'Ignore All, in one transaction',
    params: subnetParams,
    body: noBody,
    responses: { 200: settledResponse, ...errors },
  }),
};
