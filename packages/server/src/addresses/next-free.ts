import { listedAddresses } from '@ipam/core/address-listing';
import { isSubnetRouterAnycast } from '@ipam/core/address-ranges';
import { parseAddress } from '@ipam/core/ip-address';
import { prefixSize } from '@ipam/core/prefix';
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
import {
  firstStoredAvailable,
  firstUnstoredAddress,
  KEYS_PER_READ,
  storedRunFrom,
} from './free-address-repository.js';

/** Addresses bounding a next-free search (both inside the subnet). */
export interface AddressRange {
  from: bigint;
  to: bigint;
}

/**
 * The range a next-free call searches: the subnet's host addresses, narrowed to `from`…`to` when given.
 * 400 when either is not an address of the subnet (another version, outside its prefix) or from > to.
 */
export function searchRangeOf(
  subnet: SubnetRecord,
  input: Pick<NextFreeInput, 'from' | 'to'>,
): AddressRange | null {
  if (input.from === undefined && input.to === undefined) return null;
  const { prefix } = subnet;
  const network = prefix.network;
  const broadcast = network + prefixSize(prefix) - 1n;
  const valueOf = (text: string | undefined, fallback: bigint, field: 'from' | 'to') => {
    if (text === undefined) return fallback;
    const parsed = parseAddress(text);
    if (!parsed || parsed.version !== prefix.version || parsed.value < network || parsed.value > broadcast) {
      throw new DomainError('range_invalid', messages.rangeOutsideSubnet, {
        [field]: messages.rangeOutsideSubnet,
      });
    }
    return parsed.value;
  };
  const range = { from: valueOf(input.from, network, 'from'), to: valueOf(input.to, broadcast, 'to') };
  if (range.from > range.to) {
    throw new DomainError('range_invalid', messages.rangeOutsideSubnet, { to: messages.rangeOutsideSubnet });
  }
  return range;
}

/**
 * The lowest Available address among the first stored ones from `first` (read at once, with their
 * statuses): a gap in their run, or one stored as Available, whichever comes first; undefined when
 * they are a full run of KEYS_PER_READ addresses none of which is Available (look further).
 */
function lowestFreeInRun(run: readonly { value: bigint; status: string }[], first: bigint, last: bigint) {
  for (const [i, stored] of run.entries()) {
    const expected = first + BigInt(i);
    if (stored.value !== expected) return expected;
    if (stored.status === 'Available') return expected;
  }
  if (run.length === KEYS_PER_READ) return undefined;
  const after = first + BigInt(run.length);
  return after <= last ? after : null;
}

/**
 * The lowest `count` Available host addresses of the subnet (never written, or written as Available),
 * the IPv6 subnet-router anycast address left out, in order, within `range` when given; fewer when
 * there are fewer. The first is found in the first KEYS_PER_READ stored addresses (one query; a /24
 * always) or by galloping over the stored keys after them, the rest by walking the gaps from there.
 */
export async function freeAddressesOf(
  db: Db,
  subnet: SubnetRecord,
  count: number,
  range: AddressRange | null = null,
): Promise<bigint[]> {
  const ref = { id: subnet.id, version: subnet.prefix.version };
  const listed = listedAddresses(subnet.prefix);
  // IPv6's subnet-router anycast address (the network address) is the routers'; never handed out.
  const lowestHost = isSubnetRouterAnycast(subnet.prefix, listed.first) ? listed.first + 1n : listed.first;
  const first = range && range.from > lowestHost ? range.from : lowestHost;
  const last = range && range.to < listed.last ? range.to : listed.last;
  if (first > last) return [];
  const run = await storedRunFrom(db, ref, first, last, KEYS_PER_READ);
  let lowest = lowestFreeInRun(run, first, last);
  if (lowest === undefined) {
    // A full run: the gallop starts at its length, as a long run tends to go on.
    const next = first + BigInt(KEYS_PER_READ);
    const unstored = await firstUnstoredAddress(db, ref, next, last, KEYS_PER_READ);
    const available = await firstStoredAvailable(db, ref, next, unstored ?? last);
    lowest = available ?? unstored;
  }
  if (lowest === null) return [];
  if (count === 1) return [lowest];
  return addressesBetweenStored(db, ref, lowest, last, { notStatus: 'Available' }, count);
}

/**
 * Assigns the lowest Available address(es) of a subnet and writes them in the same transaction. The
 * subnet row is locked FOR UPDATE on PostgreSQL, so concurrent calls (and address writes, which hold
 * it FOR KEY SHARE) take turns and never hand out one address twice; SQLite runs one write transaction
 * at a time. 409 when the subnet (or the range from…to) has not enough free addresses: all or nothing.
 */
export async function assignNextFree(
  ctx: ChangeContext,
  subnetId: string,
  input: NextFreeInput,
): Promise<AddressView[]> {
  return runChange(ctx, async (change) => {
    const subnet = await requireLeaf(change.trx, ctx.account.id, subnetId, 'update');
    const range = searchRangeOf(subnet, input);
    const values = await freeAddressesOf(change.trx, subnet, input.count, range);
    if (range && values.length < input.count) {
      throw new DomainError('subnet_full', messages.rangeNotEnoughFree(String(values.length)));
    }
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
