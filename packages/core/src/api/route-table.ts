import type { z } from 'zod';
import type { Role } from '../roles.js';

/** The HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The schema of one part of a request (path parameters, query, body); undefined where there is none. */
export type PartSchema = z.ZodType | undefined;

/** A route's answers by status code: the success and every error it documents. */
export type ResponseSchemas = Readonly<Record<number, z.ZodType>>;

/** OpenAPI security requirements: which of the document's schemes admit a caller. */
export type SecurityRequirements = readonly Readonly<Record<string, readonly string[]>>[];

/**
 * One HTTP route of the API: the server registers it, the web app calls it and the OpenAPI document
 * shows it, all from this one definition (docs/architecture.md, "The route table").
 */
export interface ApiRoute<
  Params extends PartSchema = PartSchema,
  Query extends PartSchema = PartSchema,
  Body extends PartSchema = PartSchema,
  Responses extends ResponseSchemas = ResponseSchemas,
> {
  readonly method: HttpMethod;
  /** Fastify's syntax: `/api/accounts/:accountId/…`, each `:name` a field of `params`. */
  readonly path: string;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  readonly responses: Responses;
  readonly summary: string;
  readonly description?: string | undefined;
  readonly tags: readonly string[];
  /** Who may call it when not the document's default (a session or an API token); [] for anyone. */
  readonly security?: SecurityRequirements | undefined;
  /**
   * Whether the write honours an `Idempotency-Key` header: a retry with the key gets the first answer
   * again instead of writing twice (docs/automation.md).
   */
  readonly isIdempotent?: boolean | undefined;
  /**
   * The lowest role that may call an account route when not the default (GET a viewer, any write an
   * editor; `requiredRoleOf` in roles.ts). The membership hook checks it on every account route.
   */
  readonly minRole?: Role | undefined;
  /** The message of a refused role where the specification sets one (else one naming the role needed). */
  readonly roleRefusal?: string | undefined;
  /**
   * Whether an editor limited to chosen groups may make this write although it names no group: it
   * touches no network (a saved calculation). Every other write that names no group is refused to them.
   */
  readonly isGroupFree?: boolean | undefined;
  /** The media types of a body that is a file rather than JSON. */
  readonly consumes?: readonly string[] | undefined;
  /** The media types of an answer that is a file rather than JSON. */
  readonly produces?: readonly string[] | undefined;
}

/** What a route file writes: the parts a route does not have are left out. */
export interface RouteSpec<
  Params extends PartSchema,
  Query extends PartSchema,
  Body extends PartSchema,
  Responses extends ResponseSchemas,
> extends Omit<ApiRoute<Params, Query, Body, Responses>, 'params' | 'query' | 'body'> {
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
}

/** A route of the table; a part left out is `undefined`, in its type too. */
export function defineRoute<
  Params extends PartSchema = undefined,
  Query extends PartSchema = undefined,
  Body extends PartSchema = undefined,
  const Responses extends ResponseSchemas = ResponseSchemas,
>(spec: RouteSpec<Params, Query, Body, Responses>): ApiRoute<Params, Query, Body, Responses>;
export function defineRoute(spec: RouteSpec<PartSchema, PartSchema, PartSchema, ResponseSchemas>): ApiRoute {
  return { ...spec, params: spec.params, query: spec.query, body: spec.body };
}

/** The `:name` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

/**
 * The success statuses a route may document (one per route); 302 is the answer of routes the browser
 * itself visits (single sign-on's trip to the provider and back), never called through the API client.
 */
export const SUCCESS_STATUSES = [200, 201, 202, 204, 302] as const;
export type SuccessStatus = (typeof SUCCESS_STATUSES)[number];

/** The route's success status and its answer's schema. */
export function successOf(route: ApiRoute): { status: SuccessStatus; schema: z.ZodType } {
  for (const status of SUCCESS_STATUSES) {
    const schema = route.responses[status];
    if (schema) return { status, schema };
  }
  throw new Error(`${route.method} ${route.path} documents no success answer`);
}

/** A query value as the URL carries it; undefined leaves the field out. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * The URL path of a route (no origin): each `:name` replaced by its value, percent-encoded, and the
 * query's defined fields appended in the order given.
 */
export function routeUrl(
  route: Pick<ApiRoute, 'method' | 'path'>,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, QueryValue>> = {},
): string {
  const path = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined) throw new Error(`${route.method} ${route.path}: no value for ${segment}`);
      return encodeURIComponent(value);
    })
    .join('/');
  // Written by hand: core has no URLSearchParams (no DOM or Node types), and %20 reads the same everywhere.
  const fields = Object.entries(query).flatMap(([name, value]) =>
    value === undefined || value === null
      ? []
      : [`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`],
  );
  return fields.length === 0 ? path : `${path}?${fields.join('&')}`;
}
