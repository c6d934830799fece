import { z } from 'zod';
import { MAX_SAVED_CALCULATIONS } from '../../limits.js';
import {
  ipv4CalculationCreateSchema,
  ipv6CalculationCreateSchema,
} from '../../schemas/calculation-schemas.js';
import { savedIPv4Response, savedIPv6Response } from '../calculation.js';
import { listOf, noBody } from '../common.js';
import { readErrors, writeErrors } from '../route-errors.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['tools'];

/** Saved calculator results: list (newest first), save (the server computes the result), delete. */
export const calculationRoutes = {
  listIPv4: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/calculations/ipv4',
    tags,
    summary: 'Saved IPv4 calculations, newest first',
    params: accountParams,
    responses: { 200: listOf(savedIPv4Response), ...readErrors },
  }),
  listIPv6: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/calculations/ipv6',
    tags,
    summary: 'Saved IPv6 calculations, newest first',
    params: accountParams,
    responses: { 200: listOf(savedIPv6Response), ...readErrors },
  }),
  saveIPv4: defineRoute({
    method: 'POST',
    isGroupFree: true,
    path: '/api/accounts/:accountId/calculations/ipv4',
    tags,
    summary: `Save an IPv4 calculation (address + mask as typed; at most ${MAX_SAVED_CALCULATIONS} per account)`,
    params: accountParams,
    body: ipv4CalculationCreateSchema,
    responses: { 201: savedIPv4Response, ...writeErrors },
  }),
  saveIPv6: defineRoute({
    method: 'POST',
    isGroupFree: true,
    path: '/api/accounts/:accountId/calculations/ipv6',
    tags,
    summary: `Save an IPv6 calculation (address + prefix as typed; at most ${MAX_SAVED_CALCULATIONS} per account)`,
    params: accountParams,
    body: ipv6CalculationCreateSchema,
    responses: { 201: savedIPv6Response, ...writeErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    isGroupFree: true,
    path: '/api/accounts/:accountId/calculations/:calculationId',
    tags,
    summary: 'Delete a saved calculation (IPv4 or IPv6)',
    params: accountParams.extend({ calculationId: z.string() }),
    body: noBody,
    responses: { 204: z.void(), ...readErrors },
  }),
};
