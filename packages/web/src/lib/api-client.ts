import { errorResponse } from '@ipam/core/api/common';
import {
  type ApiRoute,
  type PartSchema,
  type QueryValue,
  type ResponseSchemas,
  routeUrl,
  type SuccessStatus,
  successOf,
} from '@ipam/core/api/route-table';
import type { z } from 'zod';

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

/** A part of a request as the caller gives it: the schema's input, nothing where the route has none. */
type PartInput<S extends PartSchema> = S extends z.ZodType ? z.input<S> : undefined;

/**
 * A query as the caller gives it: the schema's fields with the values they mean (a number, a boolean),
 * written into the URL as text for the schema to read back.
 */
type QueryInput<S extends PartSchema> = S extends z.ZodType
  ? { [K in keyof z.input<S>]: K extends keyof z.output<S> ? z.output<S>[K] : z.input<S>[K] }
  : undefined;

/** A named part: left out where the route has none, optional where nothing in it is required. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : undefined extends T
    ? { [K in Name]?: T }
    : Record<never, never> extends T
      ? { [K in Name]?: T }
      : { [K in Name]: T };

/** Where a route goes: its path parameters and query. */
type RouteTarget<Params extends PartSchema, Query extends PartSchema> = Part<'params', PartInput<Params>> &
  Part<'query', QueryInput<Query>>;

/** Everything a call sends: the target, the body, and whether a 401 is the caller's own business. */
type CallInput<Params extends PartSchema, Query extends PartSchema, Body extends PartSchema> = RouteTarget<
  Params,
  Query
> &
  Part<'body', PartInput<Body>> & {
    /** The session check and the login form handle 401 themselves. */
    allowUnauthorized?: boolean;
  };

/** The input argument: optional when the route needs nothing. */
type InputArgs<T> = Record<never, never> extends T ? [input?: T] : [input: T];

/** What a route answers on success, parsed by its success schema. */
type SuccessBody<Responses extends ResponseSchemas> = {
  [S in SuccessStatus & keyof Responses]: z.output<Responses[S]>;
}[SuccessStatus & keyof Responses];

/** The loose shape every input has once its types were checked at the call. */
interface SentInput {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  allowUnauthorized?: boolean;
}

/**
 * The URL of a route for the browser itself (an EventSource, a download link, a file upload): the
 * table's path with the parameters encoded, and the query.
 */
export function apiUrl<Params extends PartSchema, Query extends PartSchema>(
  route: ApiRoute<Params, Query, PartSchema, ResponseSchemas>,
  ...target: InputArgs<RouteTarget<Params, Query>>
): string;
export function apiUrl(route: ApiRoute, target: SentInput = {}): string {
  return routeUrl(route, target.params, target.query);
}

/**
 * Calls a route of core's route table: the path built from the table, the body sent as JSON, and the
 * answer parsed with the route's success schema, so the app never trusts a shape blindly.
 */
export function call<
  Params extends PartSchema,
  Query extends PartSchema,
  Body extends PartSchema,
  Responses extends ResponseSchemas,
>(
  route: ApiRoute<Params, Query, Body, Responses>,
  ...input: InputArgs<CallInput<Params, Query, Body>>
): Promise<SuccessBody<Responses>>;
export async function call(route: ApiRoute, input: SentInput = {}): Promise<unknown> {
  const url = routeUrl(route, input.params, input.query);
  return request(route.method, url, successOf(route).schema, input);
}

async function request(
  method: string,
  path: string,
  schema: z.ZodType,
  options: SentInput,
): Promise<unknown> {
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

/** GETs a file (an export) from a route of the table; an error answer throws the same ApiError as the JSON calls. */
export function fetchFile<Params extends PartSchema, Query extends PartSchema>(
  route: ApiRoute<Params, Query, PartSchema, ResponseSchemas>,
  ...target: InputArgs<RouteTarget<Params, Query>>
): Promise<DownloadedFile>;
export async function fetchFile(route: ApiRoute, target: SentInput = {}): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(routeUrl(route, target.params, target.query), { credentials: 'same-origin' });
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

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback = 'An unknown error occurred.'): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
