import { listedAddresses } from '@ipam/core/address-listing';
import { isSubnetRouterAnycast } from '@ipam/core/address-ranges';
import { messages } from '@ipam/core/messages';
import type { NextFreeInput } from '@ipam/core/schemas/next-free-schemas';
import { runChange, type ChangeContext } from '../commands/change.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { requireLeaf } from '../subnets/subnets.js';
import { addressesBetweenStored } from './address-walks.js';
import type { AddressView } from './address-view.js';
import { writeAddressesIn } from './address-writes.js';
import { firstStoredAvailable, firstUnstoredAddress } from './free-address-repository.js';

/**
 * The lowest `count` Available host addresses of the subnet (never written, or written as Available),
 * the IPv6 subnet-router anycast address left out, in order; fewer when the subnet has fewer. The first is found by galloping over the stored keys, the
 * rest by walking the gaps from there.
 */
export async function freeAddressesOf(db: Db, subnet: SubnetRecord, count: number): Promise<bigint[]> {
  const ref = { id: subnet.id, version: subnet.prefix.version };
  const listed = listedAddresses(subnet.prefix);
  const { last } = listed;
  // IPv6's subnet-router anycast address (the network address) is the routers'; never handed out.
  const first = isSubnetRouterAnycast(subnet.prefix, listed.first) ? listed.first + 1n : listed.first;
  if (first > last) return [];
  const [unstored, available] = await Promise.all([
    firstUnstoredAddress(db, ref, first, last),
    firstStoredAvailable(db, ref, first, last),
  ]);
  const lowest =
    unstored === null
      ? available
      : available === null
        ? unstored
        : unstored < available
          ? unstored
          : available;
  if (lowest === null) return [];
  if (count === 1) return [lowest];
  return addressesBetweenStored(db, ref, lowest, last, { notStatus: 'Available' }, count);
}

/**
 * Assigns the lowest Available address(es) of a subnet and writes them in the same transaction. The
 * subnet row is locked FOR UPDATE on PostgreSQL, so concurrent calls (and address writes, which hold
 * it FOR KEY SHARE) take turns and never hand out one address twice; SQLite runs one write transaction
 * at a time. 409 when the subnet has not enough free addresses (nothing is written then).
 */
export async function assignNextFree(
  ctx: ChangeContext,
  subnetId: string,
  input: NextFreeInput,
): Promise<AddressView[]> {
  return runChange(ctx, async (change) => {
    const subnet = await requireLeaf(change.trx, ctx.account.id, subnetId, 'update');
    const values = await freeAddressesOf(change.trx, subnet, input.count);
    if (values.length === 0) throw new DomainError('subnet_full', messages.subnetFull);
    if (values.length < input.count) {
      throw new DomainError('subnet_full', messages.subnetNotEnoughFree(String(values.length)));
    }
    const views = await writeAddressesIn(
      change,
      ctx,
      subnet,
      values.map((value) => ({
        value,
        change: (before) => ({
          status: input.status,
          hostname: input.hostname,
          description: input.description,
          allowScannerUpdate: before.allowScannerUpdate,
        }),
      })),
    );
    const [single] = views;
    change.announce(
      views.length === 1 && single
        ? { kind: 'address', id: single.ipAddress, subnetId }
        : { kind: 'address', id: subnetId, subnetId },
    );
    return views;
  });
}
