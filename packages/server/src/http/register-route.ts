import type { ApiRoute, PartSchema, ResponseSchemas } from '@ipam/core/api/route-table';
import { requiredRoleOf, type Role } from '@ipam/core/roles';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify schema of a table route: its zod schemas, which type the handler's request and reply. */
export interface RouteSchema<
  Params extends PartSchema,
  Query extends PartSchema,
  Body extends PartSchema,
  Responses extends ResponseSchemas,
> extends FastifySchema {
  params: Params;
  querystring: Query;
  body: Body;
  response: Responses;
}

/** A handler of a table route: request and reply typed by the route's schemas. */
export type RouteHandler<
  Params extends PartSchema,
  Query extends PartSchema,
  Body extends PartSchema,
  Responses extends ResponseSchemas,
> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<Params, Query, Body, Responses>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route module adds to the table's definition: server-only flags, HEAD handling. */
export interface RegisterOptions {
  /** Route flags read by the app's hooks (isFileUpload, isExemptFromWriteGuard, …), passed as they are. */
  config?: FastifyContextConfig;
  /** Whether Fastify answers HEAD too (its default: yes). */
  exposeHeadRoute?: boolean;
}

/** What the OpenAPI document says of a route flagged isIdempotent. */
const IDEMPOTENCY_NOTE =
  'Honours an Idempotency-Key header (1 to 255 characters): a retry with the key within 24 hours gets the ' +
  'first answer again (header Idempotent-Replayed: true) and writes nothing; the key with a different ' +
  'request is 422.';

/**
 * A route's description for the OpenAPI document: its own text, the role an account route needs
 * (docs/roles.md) and the idempotency note of a route that honours keys.
 */
function descriptionOf(route: ApiRoute): string | undefined {
  const role = route.path.startsWith('/api/accounts/:accountId')
    ? roleNote(requiredRoleOf(route))
    : undefined;
  const parts = [route.description, role, route.isIdempotent ? IDEMPOTENCY_NOTE : undefined];
  const text = parts.filter((part) => part !== undefined).join(' ');
  return text === '' ? undefined : text;
}

/** What the OpenAPI document says of the role a route needs. */
function roleNote(role: Role): string {
  return role === 'viewer'
    ? 'Any member may call it (viewer or higher).'
    : `Needs the ${role} role or higher.`;
}

/** The schema without the parts the route lacks: Fastify warns (FSTWRN001) of a part given as undefined. */
function definedParts<T extends object>(schema: T): T {
  const copy = { ...schema };
  for (const [key, value] of Object.entries(copy)) {
    if (value === undefined) Reflect.deleteProperty(copy, key);
  }
  return copy;
}

/**
 * Registers a route of core's route table: its method, path, zod schemas (validation, the response
 * serialiser, OpenAPI) and documentation come from the table; the module gives the handler. The app's
 * route-table guard refuses an /api route registered any other way.
 */
export function registerRoute<
  Params extends PartSchema,
  Query extends PartSchema,
  Body extends PartSchema,
  Responses extends ResponseSchemas,
>(
  app: FastifyInstance,
  route: ApiRoute<Params, Query, Body, Responses>,
  handler: RouteHandler<Params, Query, Body, Responses>,
  options: RegisterOptions = {},
): void {
  const schema: RouteSchema<Params, Query, Body, Responses> = {
    params: route.params,
    querystring: route.query,
    body: route.body,
    response: route.responses,
    tags: route.tags,
    summary: route.summary,
    description: descriptionOf(route),
    security: route.security,
    consumes: route.consumes,
    produces: route.produces,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .route<RouteGenericInterface, ContextConfigDefault, RouteSchema<Params, Query, Body, Responses>>({
      method: route.method,
      url: route.path,
      schema: definedParts(schema),
      config: { ...options.config, apiRoute: route, isIdempotent: route.isIdempotent === true },
      exposeHeadRoute: options.exposeHeadRoute,
      handler,
    });
}
