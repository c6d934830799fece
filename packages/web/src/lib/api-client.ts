import { errorResponse } from '@ipam/core/api/common';
import { z } from 'zod';

/** An error answered by the API: the HTTP status plus the body's stable code, message and field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** Registers what happens when a protected call answers 401 (the app drops the session, the guard goes to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

interface RequestOptions {
  /** Sent as JSON; absent means no body at all. */
  body?: unknown;
  /** The session check and the login form handle 401 themselves. */
  allowUnauthorized?: boolean;
}

async function request<T>(
  method: string,
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  // A request with something to send sends JSON; one without (GET, DELETE, an action) sends no body
  // and so no Content-Type.
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: hasBody
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
      body: hasBody ? JSON.stringify(options.body) : undefined,
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Please try again.');
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && !options.allowUnauthorized) onUnauthorized();
    throw error;
  }
  if (response.status === 204) return schema.parse(undefined);
  return schema.parse(await response.json());
}

/**
 * The API's error answer (core's errorResponse); any other body (a proxy's HTML page, an empty
 * body, JSON of another shape) becomes a generic error with the status.
 */
async function toApiError(response: Response): Promise<ApiError> {
  const parsed = errorResponse.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    return new ApiError(response.status, 'http_error', `Request failed (${response.status}).`);
  }
  const { error, code, fields } = parsed.data;
  return new ApiError(response.status, code, error, fields);
}

/** A file the API answered as an attachment: its bytes and the name from Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** GETs a file (an export); an error answer throws the same ApiError as the JSON calls. */
export async function fetchFile(path: string): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Please try again.');
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401) onUnauthorized();
    throw error;
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition')),
  };
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*` first, then `filename`. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  return plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1]?.trim() ?? null);
}

/** Parses nothing: for answers without a body (204). */
export const noContent = z.unknown().transform(() => undefined);

/** The JSON API: every call parses its answer with a zod schema, so the app never trusts a shape blindly. */
export const api = {
  get: <T>(path: string, schema: z.ZodType<T>, options?: RequestOptions) =>
    request('GET', path, schema, options),
  post: <T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions) =>
    request('POST', path, schema, { ...options, body }),
  /** A POST that sends nothing: an action on the path (log out, scan, confirm, clear). */
  action: <T>(path: string, schema: z.ZodType<T>, options?: RequestOptions) =>
    request('POST', path, schema, options),
  put: <T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions) =>
    request('PUT', path, schema, { ...options, body }),
  patch: <T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions) =>
    request('PATCH', path, schema, { ...options, body }),
  /** A DELETE; `body` only for routes that read one (a plan write's expectedVersion). */
  delete: (path: string, body?: unknown) => request('DELETE', path, noContent, { body }),
  /** A DELETE whose answer has a body (how many were removed). */
  deleteWithAnswer: <T>(path: string, schema: z.ZodType<T>) => request('DELETE', path, schema),
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback = 'An unknown error occurred.'): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
