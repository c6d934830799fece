import { availableAddressFields } from '@ipam/core/address-defaults';
import { listedAddresses } from '@ipam/core/address-listing';
import { MAX_TEXT_QUERY_LENGTH } from '@ipam/core/address-text-search';
import {
  SEARCH_ADDRESSES_PER_SUBNET,
  SEARCH_MAX_ADDRESSES,
  type SearchAddress,
  type SearchResult,
  type SearchSubnet,
} from '@ipam/core/api/search';
import { formatPrefix, prefixContains } from '@ipam/core/cidr';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { RangeTextSearch } from '@ipam/core/range-text-search';
import { unstoredTextMatches } from '../addresses/address-walks.js';
import type { Db } from '../db/database.js';
import { listSubnets, type SubnetRecord } from '../subnets/subnet-repository.js';
import { findWrittenMatches, type SearchTexts, type WrittenMatch } from './search-repository.js';

/** Text that can occur in an address: only then are never-written addresses searched. */
const ADDRESS_TEXT = /^[0-9a-f.:]+$/;

/**
 * What is compared: the search lower-cased; for addresses a full address in any valid form is
 * compared in its canonical text (`2001:DB8:0::1` finds `2001:db8::1`).
 */
function searchTexts(q: string): SearchTexts & { exact: ReturnType<typeof parseAddress> } {
  const text = q.toLowerCase();
  const exact = parseAddress(q);
  const usable = exact !== null && exact.zone === null ? exact : null;
  return { text, address: usable ? formatAddress(usable.version, usable.value) : text, exact: usable };
}

/** A subnet's own match: its name or description contains the search, its network text does, or it holds the address. */
function isSubnetMatch(subnet: SubnetRecord, texts: ReturnType<typeof searchTexts>): boolean {
  const cidr = formatPrefix(subnet.prefix);
  if (subnet.name.toLowerCase().includes(texts.text)) return true;
  if (subnet.description.toLowerCase().includes(texts.text)) return true;
  if (cidr.includes(texts.address)) return true;
  const { exact } = texts;
  return (
    exact !== null && exact.version === subnet.prefix.version && prefixContains(subnet.prefix, exact.value)
  );
}

function shownAddress(match: WrittenMatch): SearchAddress & { value: bigint } {
  const { id, value, ipAddress, status, hostname, description } = match;
  return { id, value, ipAddress, status, hostname, description };
}

/** Two address-ordered lists merged, the first `count` kept. */
function mergeByValue<T extends { value: bigint }>(a: readonly T[], b: readonly T[], count: number): T[] {
  return [...a, ...b].sort((x, y) => (x.value < y.value ? -1 : x.value > y.value ? 1 : 0)).slice(0, count);
}

/**
 * Searches the whole account: written addresses by address, hostname and description; never-written
 * addresses by their address text (core's RangeTextSearch counts and finds them without visiting
 * each); subnets by name, description and network. Subnets come in name order, addresses in numeric
 * order, at most SEARCH_ADDRESSES_PER_SUBNET per subnet and SEARCH_MAX_ADDRESSES in all.
 */
export async function searchAccount(db: Db, accountId: string, q: string): Promise<SearchResult> {
  const texts = searchTexts(q);
  const subnets = await listSubnets(db, accountId);
  const written = await findWrittenMatches(
    db,
    subnets.map((subnet) => subnet.id),
    texts,
    SEARCH_ADDRESSES_PER_SUBNET,
  );
  const writtenBySubnet = new Map<string, WrittenMatch[]>();
  for (const row of written.rows) {
    const list = writtenBySubnet.get(row.subnetId) ?? [];
    list.push(row);
    writtenBySubnet.set(row.subnetId, list);
  }
  const isAddressLike = ADDRESS_TEXT.test(texts.address) && texts.address.length <= MAX_TEXT_QUERY_LENGTH;

  let budget = SEARCH_MAX_ADDRESSES;
  let isTruncated = false;
  const found: SearchSubnet[] = [];
  for (const subnet of subnets) {
    const totals = written.totals.get(subnet.id) ?? { matching: 0, addressMatches: 0 };
    let addresses = (writtenBySubnet.get(subnet.id) ?? []).map(shownAddress);
    let addressTotal = totals.matching;
    if (isAddressLike) {
      const listed = listedAddresses(subnet.prefix);
      const search = new RangeTextSearch(subnet.prefix.version, texts.address, listed.first, listed.last);
      const unwritten = search.isSupported
        ? Number(search.count(listed.first, listed.last)) - totals.addressMatches
        : 0;
      if (unwritten > 0) {
        addressTotal += unwritten;
        if (budget > 0) {
          const ref = { id: subnet.id, version: subnet.prefix.version };
          const values = await unstoredTextMatches(
            db,
            ref,
            search,
            listed.first,
            listed.last,
            Math.min(budget, SEARCH_ADDRESSES_PER_SUBNET),
          );
          const virtual = values.map((value) => ({
            id: null,
            value,
            ipAddress: formatAddress(subnet.prefix.version, value),
            ...availableAddressFields,
          }));
          addresses = mergeByValue(addresses, virtual, SEARCH_ADDRESSES_PER_SUBNET);
        }
      }
    }
    const isOwnMatch = isSubnetMatch(subnet, texts);
    if (!isOwnMatch && addressTotal === 0) continue;
    if (addressTotal > 0 && budget === 0 && !isOwnMatch) {
      isTruncated = true;
      continue;
    }
    const shown = addresses.slice(0, budget);
    budget -= shown.length;
    if (shown.length < addressTotal) isTruncated = true;
    found.push({
      id: subnet.id,
      name: subnet.name,
      description: subnet.description,
      groupId: subnet.groupId,
      version: subnet.prefix.version,
      cidr: formatPrefix(subnet.prefix),
      isSubnetMatch: isOwnMatch,
      addresses: shown.map(({ id, ipAddress, status, hostname, description }) => ({
        id,
        ipAddress,
        status,
        hostname,
        description,
      })),
      addressTotal,
    });
  }
  return { q, subnets: found, isTruncated };
}
