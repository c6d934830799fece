import { z } from 'zod';
import { messages } from '../../messages.js';
import { accountResponse, meResponse } from '../account.js';
import { errorResponse, noBody } from '../common.js';
import {
  accountSecuritySchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  secondFactorLoginSchema,
} from '../../schemas/two-factor-schemas.js';
import { recoveryCodesResponse, twoFactorSetupResponse, twoFactorStatusResponse } from '../two-factor.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['auth'];

/** Two-factor sign-in (TOTP): the user's factor, the login's second step, the owner's account rule. */
export const twoFactorRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/api/auth/two-factor',
    tags,
    summary: 'Whether the signed-in user has a second factor, and unused recovery codes',
    responses: { 200: twoFactorStatusResponse, 401: errorResponse },
  }),
  setup: defineRoute({
    method: 'POST',
    path: '/api/auth/two-factor/setup',
    tags,
    summary: 'Start setting up TOTP: a new secret and its QR code (confirm with a code to turn it on)',
    body: noBody,
    responses: { 200: twoFactorSetupResponse, 401: errorResponse, 409: errorResponse },
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/auth/two-factor/confirm',
    tags,
    summary:
      "Turn TOTP on with a current code; answers ten recovery codes once (ends the user's other sessions)",
    body: confirmTwoFactorSchema,
    responses: {
      200: recoveryCodesResponse,
      400: errorResponse,
      401: errorResponse,
      409: errorResponse,
      429: errorResponse,
    },
  }),
  disable: defineRoute({
    method: 'POST',
    path: '/api/auth/two-factor/disable',
    tags,
    summary: "Turn TOTP off with the password or a code (ends the user's other sessions)",
    body: disableTwoFactorSchema,
    responses: {
      204: z.void(),
      400: errorResponse,
      401: errorResponse,
      409: errorResponse,
      429: errorResponse,
    },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login/second-factor',
    tags,
    summary: 'Finish a sign-in with a 6-digit code or a recovery code (the pending token works once)',
    body: secondFactorLoginSchema,
    responses: { 200: meResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
  }),
  accountSecurity: defineRoute({
    method: 'PUT',
    path: '/api/accounts/:accountId/security',
    tags: ['accounts'],
    summary: 'Require a second factor of every member (owner only)',
    minRole: 'owner',
    roleRefusal: messages.secondFactorOwnerOnly,
    params: accountParams,
    body: accountSecuritySchema,
    responses: {
      200: accountResponse,
      400: errorResponse,
      401: errorResponse,
      403: errorResponse,
      404: errorResponse,
      409: errorResponse,
    },
  }),
};
