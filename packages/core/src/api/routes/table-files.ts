import { z } from 'zod';
import { addressExportQuery, importQuery, subnetExportQuery } from '../../schemas/table-file-schemas.js';
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE } from '../../table-files.js';
import { errorResponse } from '../common.js';
import { accountParams, groupParams, subnetParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';
import { importReportResponse } from '../table-import.js';

const tags = ['import and export'];
const fileTypes = [CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE];
const fileAnswer = z.unknown().describe('the file (text/csv or .xlsx), as an attachment');
const readErrors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const importErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  413: errorResponse,
  415: errorResponse,
  422: importReportResponse.describe('the file has errors: the report, nothing written'),
};

/**
 * Import and export (issue 18): a subnet's addresses and the account's subnets as CSV or XLSX. The
 * exports are downloads; the imports take the file itself as the body and answer a report per row.
 */
export const tableFileRoutes = {
  exportAddresses: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/subnets/:subnetId/addresses/export',
    tags,
    summary: "The subnet's addresses as CSV or XLSX (written ones, or every address up to a /16)",
    params: subnetParams,
    query: addressExportQuery,
    produces: fileTypes,
    responses: { 200: fileAnswer, ...readErrors },
  }),
  exportSubnets: defineRoute({
    method: 'GET',
    path: '/api/accounts/:accountId/subnets/export',
    tags,
    summary: "The account's subnets as CSV or XLSX",
    params: accountParams,
    query: subnetExportQuery,
    produces: fileTypes,
    responses: { 200: fileAnswer, ...readErrors },
  }),
  importAddresses: defineRoute({
    method: 'POST',
    path: '/api/accounts/:accountId/subnets/:subnetId/addresses/import',
    tags,
    summary: "Import the subnet's addresses from a CSV or XLSX body: a report per row, all or nothing",
    params: subnetParams,
    query: importQuery,
    consumes: fileTypes,
    responses: { 200: importReportResponse, ...importErrors },
  }),
  importSubnets: defineRoute({
    method: 'POST',
    path: '/api/accounts/:accountId/groups/:groupId/subnets/import',
    tags,
    summary: 'Import subnets into the group from a CSV or XLSX body: a report per row, all or nothing',
    params: groupParams,
    query: importQuery,
    consumes: fileTypes,
    responses: { 200: importReportResponse, ...importErrors },
  }),
};
