import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@ipam/core/api/common';
import { importReportResponse, type ImportReport } from '@ipam/core/api/table-import';
import { messages } from '@ipam/core/messages';
import { contentDisposition } from '@ipam/core/file-names';
import { addressExportQuery, importQuery, subnetExportQuery } from '@ipam/core/schemas/table-file-schemas';
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE, type TableFormat } from '@ipam/core/table-files';
import { Readable } from 'node:stream';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../http/app-deps.js';
import { changeContextOf, requireAccount } from '../http/request-context.js';
import { exportAddresses } from './address-export.js';
import { importAddresses } from './address-import.js';
import { exportSubnets } from './subnet-export.js';
import { importSubnets } from './subnet-import.js';
import { MAX_IMPORT_BYTES, tableRows } from './table-reader.js';
import type { TableFile } from './table-writer.js';

const subnetParams = z.object({ accountId: z.string(), subnetId: z.string() });
const groupParams = z.object({ accountId: z.string(), groupId: z.string() });
const accountParams = z.object({ accountId: z.string() });
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
const fileTypes = [CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE];

function mediaTypeOf(request: FastifyRequest): string {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The uploaded file: its format (by media type) and its rows as they stream in. */
function uploadOf(request: FastifyRequest, stagingRoot: string): AsyncIterable<string[]> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > MAX_IMPORT_BYTES) {
    throw new DomainError('payload_too_large', messages.importTooLarge(MAX_IMPORT_BYTES / (1024 * 1024)));
  }
  const body = request.body;
  if (!(body instanceof Readable))
    throw new DomainError('import_type_unsupported', messages.importTypeUnsupported);
  const format: TableFormat = mediaTypeOf(request) === CSV_MEDIA_TYPE ? 'csv' : 'xlsx';
  return tableRows(format, body, stagingRoot);
}

/** Answers an import: 200 with the report, 422 when rows had errors on a real import. */
function sendReport(request: FastifyRequest, reply: FastifyReply, report: ImportReport) {
  // Whatever the import did not read (a refused header) is drained, so the connection stays usable.
  if (!request.raw.readableEnded) request.raw.resume();
  return reply.code(!report.dryRun && !report.applied ? 422 : 200).send(report);
}

function sendFile(reply: FastifyReply, file: TableFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body);
}

/**
 * Import and export (issue 18): a subnet's addresses and the account's subnets as CSV or XLSX, streamed
 * out; imports take the file itself as the body (text/csv or the XLSX type, parsed as it streams in,
 * only on these routes) and answer a report per row.
 */
export async function registerTableFileRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['import and export'];
  const produces = [CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE];
  const fileAnswer = z.unknown().describe('the file (text/csv or .xlsx), as an attachment');

  app.get(
    '/api/accounts/:accountId/subnets/:subnetId/addresses/export',
    {
      schema: {
        tags,
        summary: "The subnet's addresses as CSV or XLSX (written ones, or every address up to a /16)",
        params: subnetParams,
        querystring: addressExportQuery,
        produces,
        response: { 200: fileAnswer, ...readErrors },
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await exportAddresses(deps.db, requireAccount(request).id, request.params.subnetId, request.query),
      ),
  );

  app.get(
    '/api/accounts/:accountId/subnets/export',
    {
      schema: {
        tags,
        summary: "The account's subnets as CSV or XLSX",
        params: accountParams,
        querystring: subnetExportQuery,
        produces,
        response: { 200: fileAnswer, ...readErrors },
      },
    },
    async (request, reply) =>
      sendFile(reply, await exportSubnets(deps.db, requireAccount(request).id, request.query)),
  );

  await root.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body is handed over as the request stream; the import reads it row by row.
    scope.addContentTypeParser(fileTypes, (_request, payload, done) => done(null, payload));
    scope.addContentTypeParser('*', (_request, _payload, done) =>
      done(new DomainError('import_type_unsupported', messages.importTypeUnsupported)),
    );
    const files = scope.withTypeProvider<ZodTypeProvider>();
    files.post(
      '/api/accounts/:accountId/subnets/:subnetId/addresses/import',
      {
        config: { isFileUpload: true },
        schema: {
          tags,
          summary: "Import the subnet's addresses from a CSV or XLSX body: a report per row, all or nothing",
          params: subnetParams,
          querystring: importQuery,
          consumes: fileTypes,
          response: { 200: importReportResponse, ...importErrors },
        },
      },
      async (request, reply) => {
        const rows = uploadOf(request, deps.config.importTempDir);
        const report = await importAddresses(
          changeContextOf(request, deps),
          request.params.subnetId,
          rows,
          request.query.dryRun,
        );
        return sendReport(request, reply, report);
      },
    );
    files.post(
      '/api/accounts/:accountId/groups/:groupId/subnets/import',
      {
        config: { isFileUpload: true },
        schema: {
          tags,
          summary: 'Import subnets into the group from a CSV or XLSX body: a report per row, all or nothing',
          params: groupParams,
          querystring: importQuery,
          consumes: fileTypes,
          response: { 200: importReportResponse, ...importErrors },
        },
      },
      async (request, reply) => {
        const rows = uploadOf(request, deps.config.importTempDir);
        const report = await importSubnets(
          changeContextOf(request, deps),
          request.params.groupId,
          rows,
          request.query.dryRun,
        );
        return sendReport(request, reply, report);
      },
    );
  });
}
