import { messages } from '../../messages.js';
import { conflictingWriteErrors, readErrors } from '../route-errors.js';
import { errorResponse, listOf } from '../common.js';
import { accountParams, importParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';
import { sourceImportJob, sourceImportRequestSchema } from '../source-import.js';

const tags = ['imports'];

/** Imports from phpIPAM and NetBox (owner only): start one (a preview or the real thing), follow it. */
export const sourceImportRoutes = {
  list: defineRoute({
    method: 'GET',
    minRole: 'admin',
    roleRefusal: messages.importOwnerOnly,
    path: '/api/accounts/:accountId/imports',
    tags,
    summary: "The account's latest imports from phpIPAM or NetBox, newest first, without their reports",
    params: accountParams,
    responses: { 200: listOf(sourceImportJob), ...readErrors, 403: errorResponse },
  }),
  start: defineRoute({
    method: 'POST',
    minRole: 'admin',
    roleRefusal: messages.importOwnerOnly,
    path: '/api/accounts/:accountId/imports',
    isIdempotent: true,
    tags,
    summary: 'Start an import from phpIPAM or NetBox: the server reads the source at the URL given',
    description:
      'Answers 202 at once; progress comes as live events of kind "import" and from the import\'s GET. ' +
      'With dryRun (the default) nothing is written: the report is the preview. The token is used for ' +
      'this import only and never stored. 409 while another import of the account runs.',
    params: accountParams,
    body: sourceImportRequestSchema,
    responses: { 202: sourceImportJob, ...conflictingWriteErrors },
  }),
  get: defineRoute({
    method: 'GET',
    minRole: 'admin',
    roleRefusal: messages.importOwnerOnly,
    path: '/api/accounts/:accountId/imports/:importId',
    tags,
    summary: 'One import: its progress while it runs, then its report (or its error)',
    params: importParams,
    responses: { 200: sourceImportJob, ...readErrors, 403: errorResponse },
  }),
};
