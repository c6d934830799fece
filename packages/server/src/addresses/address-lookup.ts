import { availableAddressFields } from '@ipam/core/address-defaults';
import { hostAddressProblem } from '@ipam/core/address-listing';
import type { Address, AddressLookup } from '@ipam/core/api/ipam';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { prefixOf } from '@ipam/core/prefix';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { findEnclosingSubnets, type SubnetRecord } from '../subnets/subnet-repository.js';
import { subnetView } from '../subnets/subnet-view.js';
import { requireLeaf } from '../subnets/subnets.js';
import { listVrfs } from '../vrfs/vrf-repository.js';
import { findStored, NOT_SEEN } from './address-repository.js';
import { addressView } from './address-view.js';
import { hostAddressOf } from './address-writes.js';

/** The address as stored, or the virtual Available row a never-written address is. */
async function addressAt(db: Db, subnet: SubnetRecord, value: bigint): Promise<Address> {
  const { version } = subnet.prefix;
  const stored = await findStored(db, { id: subnet.id, version }, value);
  if (stored) return addressView(stored);
  return {
    id: null,
    ipAddress: formatAddress(version, value),
    ...availableAddressFields,
    ...NOT_SEEN,
    updatedDate: null,
    updatedBy: null,
  };
}

/**
 * One address of a leaf subnet, written or not (`GET …/subnets/:id/addresses/:ip`): another account's
 * subnet is a 404, a container a 409, an address that is not one of its hosts a 400.
 */
export async function readAddress(db: Db, accountId: string, subnetId: string, ip: string): Promise<Address> {
  const subnet = await requireLeaf(db, accountId, subnetId);
  return addressAt(db, subnet, hostAddressOf(subnet, ip));
}

/**
 * Which leaf holds the address in each VRF of the account (or in the one asked for): the subnets
 * holding it are found by index like a new subnet's neighbours (DESIGN.md "Real networks"). A network
 * or broadcast address is held by no leaf as a host, so it is not listed.
 */
export async function lookUpAddress(
  db: Db,
  accountId: string,
  ip: string,
  vrfId: string | undefined,
): Promise<AddressLookup> {
  const parsed = parseAddress(ip);
  if (parsed === null || parsed.zone !== null) {
    throw new DomainError('validation_failed', messages.invalidIpAddress, { ip: messages.invalidIpAddress });
  }
  const point = prefixOf(parsed.version, parsed.value, parsed.version === 4 ? 32 : 128);
  const vrfs = (await listVrfs(db, accountId)).filter((vrf) => vrfId === undefined || vrf.id === vrfId);
  if (vrfId !== undefined && vrfs.length === 0) throw new DomainError('not_found', messages.vrfNotFound);
  // One query for every VRF (an account may have a thousand), then the leaf of each in VRF order.
  const holding = await findEnclosingSubnets(db, accountId, vrfId, point);
  const items: AddressLookup['items'] = [];
  for (const vrf of vrfs) {
    const leaf = holding.find((subnet) => subnet.vrfId === vrf.id && subnet.kind === 'leaf');
    if (!leaf || hostAddressProblem(leaf.prefix, parsed.value) !== null) continue;
    items.push({
      vrfName: vrf.name,
      subnet: subnetView(leaf),
      address: await addressAt(db, leaf, parsed.value),
    });
  }
  return { ipAddress: formatAddress(parsed.version, parsed.value), items };
}
