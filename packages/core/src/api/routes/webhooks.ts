import { z } from 'zod';
import { messages } from '../../messages.js';
import { webhookCreateSchema, webhookUpdateSchema } from '../../schemas/webhook-schemas.js';
import { listOf, noBody } from '../common.js';
import { accountParams } from '../route-params.js';
import { readErrors, writeErrors } from '../route-errors.js';
import { defineRoute } from '../route-table.js';
import { webhookDeliveryResponse, webhookResponse, webhookWithSecretResponse } from '../webhook.js';

const tags = ['webhooks'];
const base = '/api/accounts/:accountId/webhooks';
const webhookParams = accountParams.extend({ webhookId: z.string() });

/** Settings ▸ Webhooks (issue 32): the owner's; sessions only, like tokens (a token cannot add a receiver). */
export const webhookRoutes = {
  list: defineRoute({
    method: 'GET',
    minRole: 'admin',
    roleRefusal: messages.webhookOwnerOnly,
    path: base,
    tags,
    summary: "The account's webhooks, oldest first; secrets are never read back",
    params: accountParams,
    responses: { 200: listOf(webhookResponse), ...writeErrors },
  }),
  create: defineRoute({
    method: 'POST',
    minRole: 'admin',
    roleRefusal: messages.webhookOwnerOnly,
    path: base,
    tags,
    summary: 'Add a webhook; the answer carries its signing secret, the only time it is shown',
    params: accountParams,
    body: webhookCreateSchema,
    responses: { 201: webhookWithSecretResponse, ...writeErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    minRole: 'admin',
    roleRefusal: messages.webhookOwnerOnly,
    path: `${base}/:webhookId`,
    tags,
    summary: "Change a webhook's address, events or active flag (turning it on clears a failure notice)",
    params: webhookParams,
    body: webhookUpdateSchema,
    responses: { 200: webhookResponse, ...writeErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    minRole: 'admin',
    roleRefusal: messages.webhookOwnerOnly,
    path: `${base}/:webhookId`,
    tags,
    summary: 'Delete a webhook and its deliveries not yet sent',
    params: webhookParams,
    body: noBody,
    responses: { 204: z.void(), ...writeErrors },
  }),
  deliveries: defineRoute({
    method: 'GET',
    minRole: 'admin',
    roleRefusal: messages.webhookOwnerOnly,
    path: `${base}/:webhookId/deliveries`,
    tags,
    summary: "The webhook's latest 100 deliveries, newest first, each with its latest attempt",
    params: webhookParams,
    responses: { 200: listOf(webhookDeliveryResponse), ...readErrors, 403: writeErrors[403] },
  }),
  redeliver: defineRoute({
    method: 'POST',
    minRole: 'admin',
    roleRefusal: messages.webhookOwnerOnly,
    path: `${base}/:webhookId/deliveries/:deliveryId/redeliver`,
    tags,
    summary: 'Send a delivery again (same event id, after whatever is waiting for this webhook)',
    params: webhookParams.extend({ deliveryId: z.string() }),
    body: noBody,
    responses: { 202: webhookDeliveryResponse, ...writeErrors },
  }),
  test: defineRoute({
    method: 'POST',
    minRole: 'admin',
    roleRefusal: messages.webhookOwnerOnly,
    path: `${base}/:webhookId/test`,
    tags,
    summary: 'Send a `webhook.test` event to this webhook only (sent even while it is turned off)',
    params: webhookParams,
    body: noBody,
    responses: { 202: webhookDeliveryResponse, ...writeErrors },
  }),
};
