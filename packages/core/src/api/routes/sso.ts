import { z } from 'zod';
import { messages } from '../../messages.js';
import { errorResponse, listOf, noBody } from '../common.js';
import { conflictingWriteErrors, readErrors, writeErrors } from '../route-errors.js';
import { accountParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';
import {
  passwordSignInSchema,
  ssoCallbackQuery,
  ssoProviderSchema,
  ssoProvidersQuery,
  ssoSlugParams,
} from '../../schemas/sso-schemas.js';
import { loginProviderResponse, ssoLinkResponse, ssoLinkStartResponse, ssoSettingsResponse } from '../sso.js';

const tags = ['auth'];
const redirect = z.void().describe('a redirect (302) of the browser');

/**
 * Single sign-on with OpenID Connect (issue 34): the login page's providers, the browser's trip to the
 * provider and back, linking a signed-in user, and an account owner's settings.
 */
export const ssoRoutes = {
  loginProviders: defineRoute({
    method: 'GET',
    path: '/api/auth/sso/providers',
    tags,
    summary: "The providers the login page offers: the operator's, and the account provider named by ?sso=",
    query: ssoProvidersQuery,
    security: [],
    responses: { 200: listOf(loginProviderResponse), 400: errorResponse },
  }),
  start: defineRoute({
    method: 'GET',
    path: '/api/auth/sso/:slug/start',
    tags,
    summary:
      'Start signing in with a provider: redirects the browser to it (PKCE, state and nonce kept in a sealed cookie)',
    params: ssoSlugParams,
    security: [],
    responses: { 302: redirect },
  }),
  callback: defineRoute({
    method: 'GET',
    path: '/api/auth/sso/callback',
    tags,
    summary:
      "The provider's answer (the redirect URI to register): signs in and redirects to the app, or back to the login page with ?ssoError=<code>",
    query: ssoCallbackQuery,
    security: [],
    responses: { 302: redirect },
  }),
  links: defineRoute({
    method: 'GET',
    path: '/api/auth/sso/links',
    tags,
    summary: "The providers of the user's accounts and whether the user's sign-in is linked to each",
    responses: { 200: listOf(ssoLinkResponse), 401: errorResponse },
  }),
  link: defineRoute({
    method: 'POST',
    path: '/api/auth/sso/:slug/link',
    tags,
    summary:
      "Link the signed-in user's sign-in to a provider: answers the provider's URL to send the browser to",
    params: ssoSlugParams,
    body: noBody,
    responses: { 200: ssoLinkStartResponse, 401: errorResponse, 404: errorResponse },
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/sso',
    tags: ['accounts'],
    summary:
      "The account's single sign-on: its provider (never the client secret), password sign-in, who has not linked yet",
    minRole: 'owner',
    roleRefusal: messages.ssoOwnerOnly,
    params: accountParams,
    responses: { 200: ssoSettingsResponse, ...readErrors, 403: errorResponse },
  }),
  saveProvider: defineRoute({
    method: 'PUT',
    path: '/api/accounts/:accountId/sso',
    tags: ['accounts'],
    summary:
      "Set up or change the account's OpenID Connect provider (the client secret left out keeps the stored one)",
    minRole: 'owner',
    roleRefusal: messages.ssoOwnerOnly,
    params: accountParams,
    body: ssoProviderSchema,
    responses: { 200: ssoSettingsResponse, ...conflictingWriteErrors },
  }),
  removeProvider: defineRoute({
    method: 'DELETE',
    path: '/api/accounts/:accountId/sso',
    tags: ['accounts'],
    summary:
      "Remove the account's provider (password sign-in comes back on for members); linked users keep their links",
    minRole: 'owner',
    roleRefusal: messages.ssoOwnerOnly,
    params: accountParams,
    body: noBody,
    responses: { 200: ssoSettingsResponse, ...writeErrors },
  }),
  passwordSignIn: defineRoute({
    method: 'PUT',
    path: '/api/accounts/:accountId/sso/password-sign-in',
    tags: ['accounts'],
    summary: 'Allow or refuse password sign-in for members who are not owners (refusing needs a provider)',
    minRole: 'owner',
    roleRefusal: messages.ssoOwnerOnly,
    params: accountParams,
    body: passwordSignInSchema,
    responses: { 200: ssoSettingsResponse, ...conflictingWriteErrors },
  }),
};
