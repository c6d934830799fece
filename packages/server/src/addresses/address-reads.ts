import { formatPrefix } from '@ipam/core/cidr';
import { parseAddress } from '@ipam/core/ip-address';
import { messages } from '@ipam/core/messages';
import { prefixLast } from '@ipam/core/prefix';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { readCheckingCaller, type CallerCheck } from '../auth/caller-check.js';
import { findListedSubnet, findListedSubnetOfCaller } from './address-count-repository.js';
import { addressText } from './address-keys.js';
import { listAddresses, type AddressFilter } from './address-listing.js';
import type { AddressView } from './address-view.js';
import {
  findListedSubnetWithRange,
  findListedSubnetWithRangeOfCaller,
  listStoredJson,
  NONE_STORED,
} from './address-json-repository.js';
import { unfilteredPageRange, unfilteredPageText } from './address-page-text.js';

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

/**
 * The account's subnet being listed with its status counts (another account's subnet is a 404), in one
 * query with the caller check when the route left it to this read (settled before the subnet is looked at).
 */
async function subnetToList(db: Db, accountId: string, subnetId: string, caller: CallerCheck | null) {
  const subnet = await readCheckingCaller(
    caller,
    (check) => findListedSubnetOfCaller(db, check, accountId, subnetId),
    () => findListedSubnet(db, accountId, subnetId),
  );
  if (!subnet) throw new DomainError('not_found', messages.notFound);
  return { ...subnet, version: subnet.prefix.version };
}

/** Whether a page request is the plain list (no filter, no search): `readAddressPageText` answers it. */
export function isUnfilteredPage(request: AddressPageRequest): boolean {
  return request.filter === null && request.q === null;
}

/**
 * One page of a subnet's addresses (another account's subnet is a 404). `caller`: the route's caller
 * check, made by the first query (null when the membership hook made it).
 */
export async function readAddressPage(
  db: Db,
  accountId: string,
  subnetId: string,
  request: AddressPageRequest,
  caller: CallerCheck | null = null,
): Promise<AddressPageView> {
  const subnet = await subnetToList(db, accountId, subnetId, caller);
  const { version } = subnet;
  const page = await listAddresses(
    db,
    subnet,
    {
      filter: request.filter,
      q: request.q,
      cursor: request.cursor === null ? null : cursorValue(subnet, request.cursor),
      limit: request.limit,
    },
    subnet.counts,
  );
  return {
    // The serialiser writes only the schema's properties: the items go out as they are, not copied.
    items: page.items,
    total: Number(page.total),
    usedPercent: page.usedPercent,
    usedCount: Number(page.usedCount),
    nextCursor: page.nextCursor === null ? null : addressText(version, page.nextCursor),
  };
}

/** The highest address of each version: a guessed page range stops there. */
const LAST_ADDRESS = { 4: (1n << 32n) - 1n, 6: (1n << 128n) - 1n } as const;

/**
 * The range of the page after a cursor, told by the cursor alone (the `limit` addresses after it, which
 * the subnet can only shorten); null when the text is no address (the subnet is read first, and the
 * cursor refused as usual).
 */
function rangeAfterCursor(text: string, limit: number) {
  const parsed = parseAddress(text.trim());
  if (parsed === null || parsed.zone !== null || parsed.value >= LAST_ADDRESS[parsed.version]) return null;
  const to = parsed.value + BigInt(limit);
  const last = LAST_ADDRESS[parsed.version];
  return { version: parsed.version, from: parsed.value + 1n, to: to < last ? to : last };
}

/**
 * An unfiltered page (`isUnfilteredPage`) as the JSON text of `readAddressPage`'s answer, written
 * without building its rows as objects: what the list route answers most, at a fraction of the CPU.
 * With a cursor, the subnet and the page's rows come in one query (their range follows from the cursor),
 * with the caller check too when the route left it to this read (`caller`, as in `readAddressPage`).
 */
export async function readAddressPageText(
  db: Db,
  accountId: string,
  subnetId: string,
  request: Pick<AddressPageRequest, 'cursor' | 'limit'>,
  caller: CallerCheck | null = null,
): Promise<string> {
  const guessed = request.cursor === null ? null : rangeAfterCursor(request.cursor, request.limit);
  if (request.cursor !== null && guessed !== null) {
    const found = await readCheckingCaller(
      caller,
      (check) => findListedSubnetWithRangeOfCaller(db, check, accountId, subnetId, guessed),
      () => findListedSubnetWithRange(db, accountId, subnetId, guessed),
    );
    if (!found) throw new DomainError('not_found', messages.notFound);
    const subnet = { ...found.subnet, version: found.subnet.prefix.version };
    const range = unfilteredPageRange(subnet, cursorValue(subnet, request.cursor), request.limit);
    // A cursor inside the subnet starts the page right after it, so the rows read cover the page.
    if (range.start === guessed.from && range.end <= guessed.to) {
      return unfilteredPageText(subnet, range, found.stored, subnet.counts);
    }
  }
  // The check is settled once: a guessed range that missed reads the subnet again without it.
  const subnet = await subnetToList(db, accountId, subnetId, guessed === null ? caller : null);
  const cursor = request.cursor === null ? null : cursorValue(subnet, request.cursor);
  const range = unfilteredPageRange(subnet, cursor, request.limit);
  const stored =
    range.start > range.end ? NONE_STORED : await listStoredJson(db, subnet, range.start, range.end);
  return unfilteredPageText(subnet, range, stored, subnet.counts);
}
