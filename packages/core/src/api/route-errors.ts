import { errorResponse } from './common.js';

/** A read: not signed in (401), or not found — another account's object included (404). */
export const readErrors = { 401: errorResponse, 404: errorResponse };

/** A write: refused input (400), no session (401), the tier, a limit or the role (403), not found (404). */
export const writeErrors = { 400: errorResponse, ...readErrors, 403: errorResponse };

/** A write that can also conflict with what is stored (409): a version, a state, a limit reached. */
export const conflictingWriteErrors = { ...writeErrors, 409: errorResponse };
