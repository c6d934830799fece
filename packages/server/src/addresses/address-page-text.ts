import { addressPageResponse, addressResponse, type AddressPage } from '@ipam/core/api/ipam';
import { listedAddresses, usedPercent } from '@ipam/core/address-listing';
import { stringifierOf } from '../http/response-serializer.js';
import { addressText, sortKeyOf } from './address-keys.js';
import type { StoredJson } from './address-json-repository.js';
import type { ListedSubnet } from './address-listing.js';
import { virtualAddress } from './address-listing.js';
import type { StatusCounts } from './address-count-repository.js';
import { addressView } from './address-view.js';

const ITEMS_START = '{"items":[';
const ADDRESS_MARK = '\u0000address\u0000';

/** The JSON of a virtual Available row split around its address (written by the response serialiser). */
const virtualRowParts = (() => {
  const marked = virtualAddress({ id: '', version: 4 }, 0n);
  const text = stringifierOf(addressResponse)(addressView({ ...marked, ipAddress: ADDRESS_MARK }));
  const escapedMark = JSON.stringify(ADDRESS_MARK).slice(1, -1);
  const [before, after, ...rest] = text.split(escapedMark);
  if (before === undefined || after === undefined || rest.length > 0) {
    throw new Error(`the virtual row's JSON does not hold its address once: ${text}`);
  }
  return { before, after };
})();

/**
 * A page's answer around its items: what the serialiser writes for the page with no items, cut open.
 * Typed by core's page type, so a field added to the page's schema must be given here too.
 */
function pageEnvelope(page: Omit<AddressPage, 'items'>) {
  const empty: AddressPage = { ...page, items: [] };
  const text = stringifierOf(addressPageResponse)(empty);
  if (!text.startsWith(`${ITEMS_START}]`))
    throw new Error(`a page's JSON does not start with its items: ${text}`);
  return { before: ITEMS_START, after: text.slice(ITEMS_START.length) };
}

/** Where an unfiltered page starts and ends: the `limit` listed addresses after the cursor. */
export function unfilteredPageRange(subnet: ListedSubnet, cursor: bigint | null, limit: number) {
  const listed = listedAddresses(subnet.prefix);
  const start = cursor === null || cursor < listed.first ? listed.first : cursor + 1n;
  const end = start + BigInt(limit) - 1n < listed.last ? start + BigInt(limit) - 1n : listed.last;
  return { listed, start, end };
}

/**
 * The unfiltered page (what opening a subnet shows, and every page after it) as the JSON the list
 * route answers: stored rows (at least those of the page's range, in address order) come from the
 * database as their items' JSON, never-written addresses from the virtual row's JSON with their address
 * in it. The same text the response serialiser writes for `readAddressPage`'s answer, at a fraction of
 * the CPU (no row objects, no per-item serialising).
 */
export function unfilteredPageText(
  subnet: ListedSubnet,
  range: ReturnType<typeof unfilteredPageRange>,
  stored: StoredJson,
  counts: StatusCounts,
): string {
  const { listed, start, end } = range;
  const usedCount = counts['In Use'] + counts.Reserved;
  const envelope = pageEnvelope({
    total: Number(listed.count),
    usedPercent: usedPercent(usedCount, listed.count),
    usedCount: Number(usedCount),
    nextCursor: end < listed.last ? addressText(subnet.version, end) : null,
  });
  return `${envelope.before}${pageItems(subnet, start, end, stored)}${envelope.after}`;
}

/** The items of the addresses start…end, comma-separated: stored rows as they are, the rest virtual. */
function pageItems(subnet: ListedSubnet, start: bigint, end: bigint, stored: StoredJson): string {
  const count = start > end ? 0 : Number(end - start + 1n);
  const { keys, json } = stored;
  // Keys are unique and in address order: when the first is `start`'s and the count-th is `end`'s,
  // every address of the page is stored (a page inside a written block) and the rows are its items.
  if (
    count > 0 &&
    keys[0] === sortKeyOf(subnet.version, start) &&
    keys[count - 1] === sortKeyOf(subnet.version, end)
  ) {
    return json.slice(0, count).join(',');
  }
  const items: string[] = [];
  let next = 0;
  for (let value = start; value <= end; value++) {
    const key = sortKeyOf(subnet.version, value);
    while (next < keys.length && (keys[next] ?? '') < key) next++;
    const row = keys[next] === key ? json[next] : undefined;
    if (row !== undefined) {
      items.push(row);
      next++;
    } else {
      items.push(virtualRowParts.before + addressText(subnet.version, value) + virtualRowParts.after);
    }
  }
  return items.join(',');
}
