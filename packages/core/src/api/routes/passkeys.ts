import { z } from 'zod';
import { meResponse } from '../account.js';
import { errorResponse, listOf, noBody } from '../common.js';
import { authenticationOptionsResponse, passkeyResponse, registrationOptionsResponse } from '../passkey.js';
import { defineRoute } from '../route-table.js';
import {
  addPasskeySchema,
  passkeyLoginOptionsSchema,
  passkeyLoginSchema,
  removePasskeySchema,
  renamePasskeySchema,
} from '../../schemas/passkey-schemas.js';

const tags = ['auth'];
const base = '/api/auth/passkeys';
const passkeyParams = z.object({ passkeyId: z.string().max(100) });

/**
 * Passkeys and security keys (WebAuthn): the signed-in user's list, adding, renaming and removing one,
 * and signing in with one, after the password or alone (docs/two-factor.md).
 */
export const passkeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: base,
    tags,
    summary: "The signed-in user's passkeys, oldest first",
    responses: { 200: listOf(passkeyResponse), 401: errorResponse },
  }),
  registrationOptions: defineRoute({
    method: 'POST',
    path: `${base}/registration-options`,
    tags,
    summary:
      'Start adding a passkey: a single-use challenge and the options for navigator.credentials.create()',
    body: noBody,
    responses: { 200: registrationOptionsResponse, 401: errorResponse, 409: errorResponse },
  }),
  add: defineRoute({
    method: 'POST',
    path: base,
    tags,
    summary: "Add the passkey the browser made for the challenge (ends the user's other sessions)",
    body: addPasskeySchema,
    responses: { 201: passkeyResponse, 400: errorResponse, 401: errorResponse, 409: errorResponse },
  }),
  rename: defineRoute({
    method: 'PATCH',
    path: `${base}/:passkeyId`,
    tags,
    summary: 'Rename one of your passkeys',
    params: passkeyParams,
    body: renamePasskeySchema,
    responses: { 200: passkeyResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  remove: defineRoute({
    method: 'POST',
    path: `${base}/:passkeyId/remove`,
    tags,
    summary: "Remove one of your passkeys, with the password or a code (ends the user's other sessions)",
    params: passkeyParams,
    body: removePasskeySchema,
    responses: {
      204: z.void(),
      400: errorResponse,
      401: errorResponse,
      404: errorResponse,
      429: errorResponse,
    },
  }),
  loginOptions: defineRoute({
    method: 'POST',
    path: `${base}/login-options`,
    tags,
    summary:
      "A sign-in challenge: with a pending token, for that user's passkeys (second factor); without, for any passkey (passwordless)",
    body: passkeyLoginOptionsSchema,
    responses: {
      200: authenticationOptionsResponse,
      400: errorResponse,
      401: errorResponse,
      409: errorResponse,
      429: errorResponse,
    },
  }),
  login: defineRoute({
    method: 'POST',
    path: `${base}/login`,
    tags,
    summary: 'Sign in with the signed challenge: after the password (pending token) or alone',
    body: passkeyLoginSchema,
    responses: { 200: meResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
  }),
};
