import { errorResponse } from '../common.js';
import { directoryLoginSchema } from '../../schemas/auth-schemas.js';
import { defineRoute } from '../route-table.js';
import { loginResponse } from '../two-factor.js';

/** Sign-in with a directory (LDAP / Active Directory) user name and password (issue 34, docs/ldap.md). */
export const directoryLoginRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login/ldap',
    tags: ['auth'],
    summary:
      'Sign in with a directory user name and password (LDAP_URL set); the user and their role come from the directory',
    body: directoryLoginSchema,
    responses: {
      200: loginResponse,
      400: errorResponse,
      401: errorResponse,
      403: errorResponse,
      404: errorResponse,
      409: errorResponse,
      429: errorResponse,
      502: errorResponse,
    },
  }),
};
