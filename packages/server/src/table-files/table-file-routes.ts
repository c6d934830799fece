import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tableFileRoutes } from '@ipam/core/api/routes/table-files';
import type { ImportReport } from '@ipam/core/api/table-import';
import { messages } from '@ipam/core/messages';
import { contentDisposition } from '@ipam/core/file-names';
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE, type TableFormat } from '@ipam/core/table-files';
import { Readable } from 'node:stream';
import { DomainError } from '../errors/domain-error.js';
import type { AppDeps } from '../app-deps.js';
import { registerRoute } from '../http/register-route.js';
import { changeContextOf, requireAccount } from '../auth/request-context.js';
import { exportAddresses } from './address-export.js';
import { importAddresses } from './address-import.js';
import { exportSubnets } from './subnet-export.js';
import { importSubnets } from './subnet-import.js';
import { MAX_IMPORT_BYTES, tableRows } from './table-reader.js';
import type { TableFile } from './table-writer.js';

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
export async function registerTableFileRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, tableFileRoutes.exportAddresses, async (request, reply) =>
    sendFile(
      reply,
      await exportAddresses(deps.db, requireAccount(request).id, request.params.subnetId, request.query),
    ),
  );

  registerRoute(app, tableFileRoutes.exportSubnets, async (request, reply) =>
    sendFile(reply, await exportSubnets(deps.db, requireAccount(request).id, request.query)),
  );

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body is handed over as the request stream; the import reads it row by row.
    scope.addContentTypeParser(fileTypes, (_request, payload, done) => done(null, payload));
    scope.addContentTypeParser('*', (_request, _payload, done) =>
      done(new DomainError('import_type_unsupported', messages.importTypeUnsupported)),
    );
    const upload = { config: { isFileUpload: true } };
    registerRoute(
      scope,
      tableFileRoutes.importAddresses,
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
      upload,
    );
    registerRoute(
      scope,
      tableFileRoutes.importSubnets,
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
      upload,
    );
  });
}
