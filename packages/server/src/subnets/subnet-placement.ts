import { messages } from '@ipam/core/messages';
import type { Prefix } from '@ipam/core/prefix';
import type { SubnetKind } from '@ipam/core/schemas/subnet-schemas';
import { parentAmong, placementConflict, type PlacementConflict } from '@ipam/core/subnet-placement';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { findDefaultVrf, findVrf } from '../vrfs/vrf-repository.js';
import {
  adoptChildren,
  findEnclosingSubnets,
  findSubnetsInside,
  insertSubnet,
  type SubnetRecord,
} from './subnet-repository.js';

/** The VRF a new subnet goes into: the one named (of this account), or the account's Global VRF. */
export async function vrfIdFor(db: Db, accountId: string, vrfId: string | null): Promise<string> {
  if (vrfId === null) return (await findDefaultVrf(db, accountId)).id;
  if (!(await findVrf(db, accountId, vrfId))) {
    throw new DomainError('validation_failed', messages.vrfNotFound, { vrfId: messages.vrfNotFound });
  }
  return vrfId;
}

/** Where a subnet would go in its VRF: the conflict that forbids it, or its derived parent. */
export async function findPlacement(
  db: Db,
  accountId: string,
  vrfId: string,
  candidate: { prefix: Prefix; kind: SubnetKind },
): Promise<{ conflict: PlacementConflict } | { parentId: string | null }> {
  const enclosing = await findEnclosingSubnets(db, accountId, vrfId, candidate.prefix);
  // A container may hold what is inside it; a leaf may hold nothing, so one subnet inside refuses it.
  const inside =
    candidate.kind === 'leaf' ? await findSubnetsInside(db, accountId, vrfId, candidate.prefix, 2) : [];
  const conflict = placementConflict(candidate, enclosing, inside);
  if (conflict) return { conflict };
  return { parentId: parentAmong(enclosing, candidate.prefix)?.id ?? null };
}

/**
 * Inserts a subnet where its addresses put it (call with the account locked, inside the write's
 * transaction): refused with 409 naming the other subnet when the nesting rule forbids it; its parent is
 * derived; a new container adopts the subnets inside it. Answers the subnet as stored.
 */
export async function placeSubnet(
  db: Db,
  accountId: string,
  subnet: Omit<SubnetRecord, 'parentId'> & { createdAt: string },
): Promise<SubnetRecord> {
  const placement = await findPlacement(db, accountId, subnet.vrfId, subnet);
  if ('conflict' in placement) {
    const { message } = placement.conflict;
    throw new DomainError('subnet_overlap', message, { networkIP: message });
  }
  const placed = { ...subnet, parentId: placement.parentId };
  await insertSubnet(db, accountId, placed);
  if (placed.kind === 'container') await adoptChildren(db, accountId, placed);
  const { createdAt: _createdAt, ...record } = placed;
  return record;
}
