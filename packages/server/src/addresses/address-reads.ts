import { formatPrefix } from '@ipam/core/cidr';
import { parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { prefixLast } from '@ipam/core/prefix';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { findListedSubnet } from './address-count-repository.js';
import { addressText } from './address-keys.js';
import { listAddresses, type AddressFilter } from './address-listing.js';
import { addressView, type AddressView } from './address-view.js';

/** What a client asks for: `cursor` is the `nextCursor` of the previous page (an address). */
export interface AddressPageRequest {
  filter: AddressFilter | null;
  q: string | null;
  cursor: string | null;
  limit: number;
}

/** A page as the API answers it; `total` is at most 2^24 (a /8 or an IPv6 /104), safe as a number. */
export interface AddressPageView {
  items: AddressView[];
  total: number;
  usedPercent: number;
  usedCount: number;
  nextCursor: string | null;
}

/**
 * The value of a page cursor: an address of the subnet in any valid form (the page starts after it).
 * Clients get it as `nextCursor`; a hand-written one lets a list start at any address.
 */
export function cursorValue(subnet: Pick<SubnetRecord, 'prefix'>, text: string): bigint {
  const parsed = parseAddress(text.trim());
  const refuse = (message: string): never => {
    throw new DomainError('validation_failed', message, { cursor: message });
  };
  if (parsed === null || parsed.zone !== null) return refuse(messages.invalidCursor);
  const { prefix } = subnet;
  if (
    parsed.version !== prefix.version ||
    parsed.value < prefix.network ||
    parsed.value > prefixLast(prefix)
  ) {
    return refuse(messages.cursorNotInSubnet(formatPrefix(prefix)));
  }
  return parsed.value;
}

/** One page of a subnet's addresses (another account's subnet is a 404). */
export async function readAddressPage(
  db: Db,
  accountId: string,
  subnetId: string,
  request: AddressPageRequest,
): Promise<AddressPageView> {
  // The subnet and its status counts in one query: a page costs two queries after the membership's.
  const subnet = await findListedSubnet(db, accountId, subnetId);
  if (!subnet) throw new DomainError('not_found', messages.notFound);
  const version = subnet.prefix.version;
  const page = await listAddresses(
    db,
    { id: subnet.id, version, prefix: subnet.prefix },
    {
      filter: request.filter,
      q: request.q,
      cursor: request.cursor === null ? null : cursorValue(subnet, request.cursor),
      limit: request.limit,
    },
    subnet.counts,
  );
  return {
    items: page.items.map(addressView),
    total: Number(page.total),
    usedPercent: page.usedPercent,
    usedCount: Number(page.usedCount),
    nextCursor: page.nextCursor === null ? null : addressText(version, page.nextCursor),
  };
}
