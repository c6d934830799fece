import type { FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import { defaultRoleOf, hasRole, requiredRoleOf, type Role } from '@ipam/core/roles';
import { DomainError } from '../errors/domain-error.js';

/**
 * The lowest role that may call the request's route: the route table's `minRole`, else the default by
 * method (GET a viewer, a write an editor). A route registered outside the table (a test's probe) gets
 * the default too, so no account route is without one.
 */
export function requiredRoleOfRequest(request: FastifyRequest): Role {
  const route = request.routeOptions.config.apiRoute;
  return route ? requiredRoleOf(route) : defaultRoleOf(request.method);
}

/**
 * Refuses (403) a caller whose role is below the route's: the message names the role needed and the
 * one held, or is the specification's own where the table gives one (the plan's owner-only text).
 */
export function checkRouteRole(request: FastifyRequest, held: Role): void {
  const needed = requiredRoleOfRequest(request);
  if (hasRole(held, needed)) return;
  const message = request.routeOptions.config.apiRoute?.roleRefusal ?? messages.roleRequired(needed, held);
  throw new DomainError(needed === 'owner' ? 'owner_only' : 'role_required', message);
}
