import { errorResponse } from '@ipam/core/api/common';
import { importReportResponse, type ImportReport } from '@ipam/core/api/table-import';
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE } from '@ipam/core/table-files';
import { ApiError } from './api-client.js';

/** The media type an import file is sent with: an .xlsx workbook, or CSV for anything else. */
export function mediaTypeOfFile(file: File): string {
  return /\.xlsx$/i.test(file.name) ? XLSX_MEDIA_TYPE : CSV_MEDIA_TYPE;
}

/**
 * Sends a file to an import route (its URL with `dryRun` in the query, from `apiUrl`) as the request
 * body: the per-row report for a dry run or an import (also when a real import was refused for rows
 * with errors, 422); any other refusal throws the API's error.
 */
export async function postImport(url: string, file: File): Promise<ImportReport> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': mediaTypeOfFile(file) },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Please try again.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok || response.status === 422) {
    const report = importReportResponse.safeParse(body);
    if (report.success) return report.data;
  }
  const error = errorResponse.safeParse(body);
  if (!error.success)
    throw new ApiError(response.status, 'http_error', `Request failed (${response.status}).`);
  throw new ApiError(response.status, error.data.code, error.data.error, error.data.fields);
}
