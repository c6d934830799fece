import { z } from 'zod';
import {
  endedSessionsResponse,
  invitationResponse,
  meResponse,
  resetRequestedResponse,
  sessionResponse,
} from '../account.js';
import { errorResponse, listOf, noBody } from '../common.js';
import {
  currentAccountSchema,
  invitationQuery,
  loginSchema,
  signupSchema,
} from '../../schemas/auth-schemas.js';
import {
  changePasswordSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileSchema,
} from '../../schemas/password-schemas.js';
import { defineRoute } from '../route-table.js';
import { loginResponse } from '../two-factor.js';

const tags = ['auth'];

/** Sign-up, login, logout, the signed-in user, their password, profile and sessions. */
export const authRoutes = {
  signup: defineRoute({
    method: 'POST',
    path: '/api/auth/signup',
    tags,
    summary: 'Register and sign in',
    body: signupSchema,
    responses: { 201: meResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    tags,
    summary:
      'Sign in (a new session id every time); with a second factor, a pending token instead of a session',
    body: loginSchema,
    responses: { 200: loginResponse, 401: errorResponse, 429: errorResponse },
  }),
  invitation: defineRoute({
    method: 'GET',
    path: '/api/auth/invitation',
    tags,
    summary: 'Whom an invite link was sent to and which account it joins (404 once used or withdrawn)',
    query: invitationQuery,
    responses: { 200: invitationResponse, 400: errorResponse, 404: errorResponse },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    tags,
    summary: 'End the session',
    body: noBody,
    responses: { 204: z.void() },
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    tags,
    summary: 'The signed-in user',
    responses: { 200: meResponse, 401: errorResponse },
  }),
  setCurrentAccount: defineRoute({
    method: 'PUT',
    path: '/api/auth/current-account',
    tags,
    summary: 'Choose the current account (kept for the user and in the accountId cookie)',
    body: currentAccountSchema,
    responses: { 200: meResponse, 401: errorResponse, 404: errorResponse },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/auth/password',
    tags,
    summary: "Change the password (ends the user's other sessions)",
    body: changePasswordSchema,
    responses: { 204: z.void(), 400: errorResponse, 401: errorResponse, 429: errorResponse },
  }),
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset',
    tags,
    summary: 'Ask for a password-reset link (always 202, the same text for every address)',
    body: passwordResetRequestSchema,
    responses: { 202: resetRequestedResponse, 400: errorResponse, 429: errorResponse },
  }),
  confirmPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    tags,
    summary: 'Set a new password with a reset link (ends every session of the user)',
    body: passwordResetConfirmSchema,
    responses: { 204: z.void(), 400: errorResponse },
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/auth/sessions',
    tags,
    summary: "The user's live sessions",
    responses: { 200: listOf(sessionResponse), 401: errorResponse },
  }),
  endOtherSessions: defineRoute({
    method: 'DELETE',
    path: '/api/auth/sessions/others',
    tags,
    summary: "End the user's other sessions",
    body: noBody,
    responses: { 200: endedSessionsResponse, 401: errorResponse },
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/auth/sessions/:sessionId',
    tags,
    summary: 'End one of the user’s sessions (another user’s is a 404)',
    params: z.object({ sessionId: z.string().max(100) }),
    body: noBody,
    responses: { 204: z.void(), 401: errorResponse, 404: errorResponse },
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/auth/profile',
    tags,
    summary: 'Set the display name (empty clears it)',
    body: profileSchema,
    responses: { 200: meResponse, 400: errorResponse, 401: errorResponse },
  }),
};
