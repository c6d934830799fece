import { z } from 'zod';
import { listOf, noBody, settledResponse } from '../common.js';
import { approvalResponse } from '../ipam.js';
import { readErrors } from '../route-errors.js';
import { subnetParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['approvals'];
const base = '/api/accounts/:accountId/subnets/:subnetId/approvals';
const approvalParams = subnetParams.extend({ approvalId: z.string() });

/** Pending approvals of a subnet: list, confirm or ignore one, confirm or ignore all (one transaction). */
export const approvalRoutes = {
  list: defineRoute({
    method: 'GET',
    path: base,
    tags,
    summary: "A subnet's pending approvals, in address order",
    params: subnetParams,
    responses: { 200: listOf(approvalResponse), ...readErrors },
  }),
  confirm: defineRoute({
    method: 'POST',
    path: `${base}/:approvalId/confirm`,
    tags,
    summary: 'Confirm: write the recommended status to the address and remove the entry',
    params: approvalParams,
    body: noBody,
    responses: { 200: settledResponse, ...readErrors },
  }),
  ignore: defineRoute({
    method: 'POST',
    path: `${base}/:approvalId/ignore`,
    tags,
    summary: 'Ignore: remove the entry only',
    params: approvalParams,
    body: noBody,
    responses: { 200: settledResponse, ...readErrors },
  }),
  confirmAll: defineRoute({
    method: 'POST',
    path: `${base}/confirm-all`,
    tags,
    summary: 'Confirm All, in one transaction',
    params: subnetParams,
    body: noBody,
    responses: { 200: settledResponse, ...readErrors },
  }),
  ignoreAll: defineRoute({
    method: 'POST',
    path: `${base}/ignore-all`,
    tags,
    summary: 'Ignore All, in one transaction',
    params: subnetParams,
    body: noBody,
    responses: { 200: settledResponse, ...readErrors },
  }),
};
