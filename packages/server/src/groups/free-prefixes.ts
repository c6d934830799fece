import type { FreePrefixes } from '@ipam/core/api/next-free';
import { formatPrefix, parseCidr } from '@ipam/core/cidr';
import { firstFreePrefixes } from '@ipam/core/free-prefixes';
import { formatAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { ADDRESS_BITS, prefixLast, prefixOf, type Prefix } from '@ipam/core/prefix';
import type { FreePrefixesQuery } from '@ipam/core/schemas/next-free-schemas';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { holds } from '@ipam/core/subnet-placement';
import { vrfIdFor } from '../subnets/subnet-placement.js';
import { findVrf } from '../vrfs/vrf-repository.js';
import { listSubnets } from '../subnets/subnet-repository.js';
import { findGroup } from './group-repository.js';

/** The smallest prefix holding every one of these (same version, at least one). */
function coveringPrefix(prefixes: readonly Prefix[]): Prefix | null {
  const [head] = prefixes;
  if (!head) return null;
  let low = head.network;
  let high = prefixLast(head);
  for (const prefix of prefixes) {
    if (prefix.network < low) low = prefix.network;
    if (prefixLast(prefix) > high) high = prefixLast(prefix);
  }
  let length = Math.min(...prefixes.map((prefix) => prefix.length));
  while (length > 0 && prefixLast(prefixOf(head.version, low, length)) < high) length--;
  return prefixOf(head.version, low, length);
}

/**
 * "Where do I put a new /26?": the first free aligned prefixes of `length` inside `within` (default:
 * the smallest prefix holding the group's subnets of IPv4, else IPv6) that overlap no subnet of the
 * VRF (default Global), containers holding the range aside: `within` a container finds room in it.
 * Another account's group is a 404.
 */
export async function freePrefixesOf(
  db: Db,
  accountId: string,
  groupId: string,
  query: FreePrefixesQuery,
): Promise<FreePrefixes> {
  if (!(await findGroup(db, accountId, groupId))) throw new DomainError('not_found', messages.notFound);
  const vrfId = await vrfIdFor(db, accountId, query.vrfId ?? null);
  const subnets = (await listSubnets(db, accountId)).filter((subnet) => subnet.vrfId === vrfId);
  let within = query.within === undefined ? null : parseCidr(query.within);
  if (within === null) {
    const ofGroup = subnets.filter((subnet) => subnet.groupId === groupId).map((subnet) => subnet.prefix);
    const v4 = ofGroup.filter((prefix) => prefix.version === 4);
    within = coveringPrefix(v4.length > 0 ? v4 : ofGroup);
  }
  if (within === null)
    throw new DomainError('validation_failed', messages.groupHasNoSubnets, {
      within: messages.groupHasNoSubnets,
    });
  if (query.length > ADDRESS_BITS[within.version]) {
    throw new DomainError('validation_failed', messages.prefixLengthInvalid, {
      length: messages.prefixLengthInvalid,
    });
  }
  // A container holding the range (the range itself, when it is a container's) leaves room inside it.
  const range = within;
  const taken = subnets
    .filter((subnet) => !(subnet.kind === 'container' && holds(subnet.prefix, range)))
    .map((subnet) => subnet.prefix);
  const free = firstFreePrefixes(within, taken, query.length, query.count);
  return {
    within: formatPrefix(within),
    vrfId,
    vrfName: (await findVrf(db, accountId, vrfId))?.name ?? '',
    items: free.map((prefix) => ({
      cidr: formatPrefix(prefix),
      networkIP: formatAddress(prefix.version, prefix.network),
      prefixLength: prefix.length,
      version: prefix.version,
    })),
  };
}
