import type { FastifyRequest } from 'fastify';
import { messages } from '@ipam/core/messages';
import { isInsideGroups } from '@ipam/core/roles';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { findGroup, parentLinks } from '../groups/group-repository.js';
import { findSubnet } from '../subnets/subnet-repository.js';
import { listGroupLimits } from './member-role-repository.js';

const groupsRoute = '/api/accounts/:accountId/groups';

/** Writes that add or remove groups themselves: not for an editor limited to some. */
const groupListWrites = new Set([`POST ${groupsRoute}`, `DELETE ${groupsRoute}/:groupId`]);

/** Writes whose group is in their body (where the new subnet goes): checked once it is validated. */
const bodyNamedWrites = new Set([
  'POST /api/accounts/:accountId/subnets',
  'POST /api/accounts/:accountId/subnets/next',
]);

/** The limits of each request's caller, read once per request. */
const limitsOfRequest = new WeakMap<FastifyRequest, string[]>();

/** The group limits of a limited editor's write, or null when the request is not one. */
async function limitsOf(db: Db, request: FastifyRequest, userId: string): Promise<string[] | null> {
  if (request.role !== 'editor' || !request.account) return null;
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  if (request.routeOptions.config.apiRoute?.isGroupFree) return null;
  let limits = limitsOfRequest.get(request);
  if (!limits) {
    limits = await listGroupLimits(db, request.account.id, userId);
    limitsOfRequest.set(request, limits);
  }
  return limits.length === 0 ? null : limits;
}

/** Refuses (403, naming it) the first group that is neither one of the limits nor inside one. */
async function checkGroups(db: Db, accountId: string, limits: string[], groupIds: string[]): Promise<void> {
  if (groupIds.length === 0) return;
  const parents = await parentLinks(db, accountId);
  for (const groupId of groupIds) {
    // A group of another account (or none) is left to the route: it answers 404 as for anyone.
    if (!parents.has(groupId)) continue;
    if (isInsideGroups(groupId, limits, (id) => parents.get(id))) continue;
    const group = await findGroup(db, accountId, groupId);
    throw new DomainError('outside_groups', messages.outsideGroups(group?.name ?? groupId));
  }
}

/**
 * The group limits of an editor (issue 34), first part, before validation: reads stay the whole
 * account's; a write must name a group by its path (a group, a subnet's group) or by its body (the
 * two create routes), and a path's group must be one they are limited to or inside one, else 403
 * naming it. A write that names no group (a VRF, a plan, the account's settings) and adding or
 * deleting groups are refused to them, except writes the table marks `isGroupFree` (a calculation).
 */
export async function checkGroupLimitsOfPath(db: Db, request: FastifyRequest, userId: string): Promise<void> {
  const limits = await limitsOf(db, request, userId);
  if (!limits || !request.account) return;
  const url = request.routeOptions.url ?? '';
  const key = `${request.method} ${url}`;
  if (bodyNamedWrites.has(key)) return;
  const params = request.params as { groupId?: string; subnetId?: string };
  // A plan's subnets are drafts of the whole account's network, not subnets of a group.
  const isGroupWrite = !groupListWrites.has(key) && !url.includes('/plans');
  if (!isGroupWrite || (params.groupId === undefined && params.subnetId === undefined)) {
    throw new DomainError('outside_groups', messages.outsideAllGroups);
  }
  const named = params.groupId === undefined ? [] : [params.groupId];
  if (params.subnetId !== undefined) {
    // An unknown subnet is left to the route, which answers 404 as for anyone.
    const subnet = await findSubnet(db, request.account.id, params.subnetId);
    if (subnet) named.push(subnet.groupId);
  }
  await checkGroups(db, request.account.id, limits, named);
}

/**
 * Second part, once the body is validated: the group a subnet is created in or moved to, and the
 * parent a group is moved under, must be inside the limits too.
 */
export async function checkGroupLimitsOfBody(db: Db, request: FastifyRequest, userId: string): Promise<void> {
  const limits = await limitsOf(db, request, userId);
  if (!limits || !request.account) return;
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as {
    groupId?: unknown;
    parentId?: unknown;
  };
  const named = typeof body.groupId === 'string' ? [body.groupId] : [];
  const isGroupRoute = (request.routeOptions.url ?? '').startsWith(`${groupsRoute}/`);
  if (isGroupRoute && typeof body.parentId === 'string' && body.parentId !== '') named.push(body.parentId);
  await checkGroups(db, request.account.id, limits, named);
}
