import { availableAddressFields } from '@ipam/core/address-defaults';
import { listedAddresses } from '@ipam/core/address-listing';
import { MAX_TEXT_QUERY_LENGTH } from '@ipam/core/address-text-search';
import { subnetCidr } from '@ipam/core/api/ipam';
import {
  SEARCH_ADDRESSES_PER_SUBNET,
  SEARCH_MAX_ADDRESSES,
  SEARCH_MAX_SUBNETS,
  type SearchAddress,
  type SearchExactMatch,
  type SearchResult,
  type SearchSubnet,
} from '@ipam/core/api/search';
import { formatPrefix, prefixContains } from '@ipam/core/cidr';
import { compareNames, nameSortKey, sortedByName } from '@ipam/core/name-order';
import { addressTextRanges } from '@ipam/core/address-text-ranges';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import { prefixOf, type IpVersion } from '@ipam/core/prefix';
import { RangeTextSearch } from '@ipam/core/range-text-search';
import { lookUpAddress } from '../addresses/address-lookup.js';
import { storedAmong } from '../addresses/address-repository.js';
import { unstoredTextMatches } from '../addresses/address-walks.js';
import type { Db } from '../db/database.js';
import { findEnclosingSubnets, type SubnetRecord } from '../subnets/subnet-repository.js';
import { listVrfs } from '../vrfs/vrf-repository.js';
import {
  countWrittenMatches,
  findOwnTextMatches,
  firstLeavesInRanges,
  firstLeavesWithWrittenMatches,
  firstWrittenMatchesOf,
  leafPagesInNameOrder,
  type LeafWithTotals,
  type SearchScope,
  type SearchTexts,
  type WrittenTotals,
} from './search-repository.js';

/** Text that can occur in an address (canonical texts are lower case). */
const ADDRESS_TEXT = /^[0-9a-f.:]+$/;

interface Texts extends SearchTexts {
  /** The search as one whole address, when it is one. */
  exact: { version: IpVersion; value: bigint } | null;
}

/**
 * What is compared: the search lower-cased; for addresses a full address in any valid form is
 * compared in its canonical text (`2001:DB8:0::1` finds `2001:db8::1`), and a search with a
 * character no address has is not compared with addresses at all.
 */
function searchTexts(q: string): Texts {
  const text = q.toLowerCase();
  const parsed = parseAddress(q);
  const exact = parsed !== null && parsed.zone === null ? parsed : null;
  const address = exact ? formatAddress(exact.version, exact.value) : text;
  return { text, address: ADDRESS_TEXT.test(address) ? address : null, exact };
}

/** A subnet's own match: its name or description contains the search, its network text does, or it holds the address. */
function isSubnetMatch(subnet: SubnetRecord, texts: Texts): boolean {
  if (subnet.name.toLowerCase().includes(texts.text)) return true;
  if (subnet.description.toLowerCase().includes(texts.text)) return true;
  if (formatPrefix(subnet.prefix).includes(texts.address ?? texts.text)) return true;
  const { exact } = texts;
  return (
    exact !== null && exact.version === subnet.prefix.version && prefixContains(subnet.prefix, exact.value)
  );
}

type Shown = SearchAddress & { value: bigint };

/** Two address-ordered lists merged, the first `count` kept. */
function mergeByValue(a: readonly Shown[], b: readonly Shown[], count: number): Shown[] {
  return [...a, ...b].sort((x, y) => (x.value < y.value ? -1 : x.value > y.value ? 1 : 0)).slice(0, count);
}

/** A subnet's matching addresses: how many, and the first ones (within `room`) in numeric order. */
async function subnetMatches(
  db: Db,
  subnet: SubnetRecord,
  texts: Texts,
  totals: WrittenTotals,
  room: number,
  /** Its first written matches, read with its page's (firstWrittenMatchesOf). */
  firstWritten: readonly Shown[],
): Promise<{ total: number; shown: Shown[] }> {
  const ref = { id: subnet.id, version: subnet.prefix.version };
  const wanted = Math.min(room, SEARCH_ADDRESSES_PER_SUBNET);
  const written: Shown[] = totals.matching > 0 ? firstWritten.slice(0, wanted) : [];
  let total = totals.matching;
  if (texts.address === null || texts.address.length > MAX_TEXT_QUERY_LENGTH)
    return { total, shown: written };
  const listed = listedAddresses(subnet.prefix);
  const search = new RangeTextSearch(subnet.prefix.version, texts.address, listed.first, listed.last);
  if (!search.isSupported) return exactOnly(db, subnet, texts, { total, shown: written }, wanted);
  const unwritten = Number(search.count(listed.first, listed.last)) - totals.addressMatches;
  if (unwritten <= 0) return { total, shown: written };
  total += unwritten;
  if (wanted === 0) return { total, shown: written };
  // Past the last written match shown, a never-written one would not be shown anyway.
  const bound = written.length === wanted ? (written.at(-1)?.value ?? listed.last) : listed.last;
  const values = await unstoredTextMatches(db, ref, search, listed.first, bound, wanted);
  const virtual = values.map((value) => ({
    id: null,
    value,
    ipAddress: formatAddress(subnet.prefix.version, value),
    status: availableAddressFields.status,
    hostname: '',
    description: '',
  }));
  return { total, shown: mergeByValue(written, virtual, wanted) };
}

/**
 * A subnet wider than a /96 (core's text search counts within one /96): written matches, plus the
 * searched address itself when it is a full address of the subnet that was never written.
 */
async function exactOnly(
  db: Db,
  subnet: SubnetRecord,
  texts: Texts,
  found: { total: number; shown: Shown[] },
  room: number,
): Promise<{ total: number; shown: Shown[] }> {
  const { exact } = texts;
  const listed = listedAddresses(subnet.prefix);
  if (
    !exact ||
    exact.version !== subnet.prefix.version ||
    exact.value < listed.first ||
    exact.value > listed.last
  ) {
    return found;
  }
  const ref = { id: subnet.id, version: subnet.prefix.version };
  if ((await storedAmong(db, ref, [exact.value])).size > 0) return found;
  const virtual: Shown = {
    id: null,
    value: exact.value,
    ipAddress: formatAddress(exact.version, exact.value),
    status: availableAddressFields.status,
    hostname: '',
    description: '',
  };
  return {
    total: found.total + 1,
    shown: room > 0 ? mergeByValue(found.shown, [virtual], room) : found.shown,
  };
}

/**
 * The searched address itself when the search is one whole address (any valid form, no zone): the
 * leaf holding it in each VRF searched, found by index as the address lookup does, with the address
 * as stored or as the virtual Available row it is when never written.
 */
async function exactMatchesOf(
  db: Db,
  accountId: string,
  q: string,
  texts: Texts,
  vrfId: string | undefined,
): Promise<SearchExactMatch[]> {
  if (texts.exact === null) return [];
  const found = await lookUpAddress(db, accountId, q, vrfId);
  return found.items.map(({ vrfName, subnet, address }) => ({
    subnetId: subnet.id,
    subnetName: subnet.name,
    cidr: subnetCidr(subnet),
    vrfId: subnet.vrfId,
    vrfName,
    address: {
      id: address.id,
      ipAddress: address.ipAddress,
      status: address.status,
      hostname: address.hostname,
      description: address.description,
    },
  }));
}

/** Leaves read per page when every leaf may hold a match (the first page usually fills the room). */
export const LEAF_PAGE = 250;
/** Leaves walked at most when every leaf may hold a match; past them the answer says it is truncated. */
export const MAX_WALKED_LEAVES = 20_000;
/** Pages of leaves walked before a search no address text can match counts the whole account. */
const FIRST_PAGES = 1;
/**
 * Texts shorter than this have no trigram (PostgreSQL's index cannot serve them): counting their
 * matches over the whole account reads every address row, so they walk the leaves instead.
 */
const TRIGRAM_LENGTH = 3;
/** Leaves read at most in the ranges a text pins down (core's addressTextRanges). */
const MAX_RANGE_LEAVES = 5_000;

function resultOf(
  subnet: SubnetRecord,
  texts: Texts,
  vrfNames: ReadonlyMap<string, string>,
  shown: readonly Shown[],
  total: number,
): SearchSubnet {
  return {
    id: subnet.id,
    name: subnet.name,
    description: subnet.description,
    groupId: subnet.groupId,
    version: subnet.prefix.version,
    cidr: formatPrefix(subnet.prefix),
    vrfId: subnet.vrfId,
    vrfName: vrfNames.get(subnet.vrfId) ?? '',
    kind: subnet.kind,
    isSubnetMatch: isSubnetMatch(subnet, texts),
    addresses: shown.map(({ id, ipAddress, status, hostname, description }) => ({
      id,
      ipAddress,
      status,
      hostname,
      description,
    })),
    addressTotal: total,
  };
}

/** The leaves to look at for matching addresses, in name order, a page at a time. */
interface LeafWalk {
  pages: AsyncIterable<LeafWithTotals[]>;
  /** Set once the pages stopped short of every leaf that may match (a cap was reached). */
  isCut: boolean;
}

const byName = (a: LeafWithTotals, b: LeafWithTotals) =>
  compareNames(a.subnet.name, b.subnet.name) || (a.subnet.id < b.subnet.id ? -1 : 1);

/** How far a search walks the leaves (tests make them small to cross the limits on few subnets). */
export interface WalkLimits {
  /** Leaves a page (LEAF_PAGE). */
  leafPage?: number;
  /** Leaves walked at most when every leaf may hold a match (MAX_WALKED_LEAVES). */
  maxWalkedLeaves?: number;
}

/**
 * The leaves that may hold matching addresses, in name order (each with its written matches):
 * - no address text can match, three characters or more: the first 250 leaves, then only leaves
 *   with written matches, the next 201 in one statement (enough to use the whole room and see one
 *   more; on PostgreSQL by the trigram index);
 * - the text can only occur in a few ranges (`10.57.1.`, a whole address): the first 201 leaves with
 *   written hostname or description matches (the trigram index), merged with the leaves overlapping
 *   the ranges, each counted whole (the only leaves whose addresses can match);
 * - otherwise (any leaf may hold never-written matches, or the text is too short for a trigram):
 *   every leaf, 250 at a time, at most 20,000 (MAX_WALKED_LEAVES: a rare text on an account of
 *   100,000 leaves answers "not every match is listed").
 */
function leavesInNameOrder(
  db: Db,
  scope: SearchScope,
  texts: Texts,
  { leafPage = LEAF_PAGE, maxWalkedLeaves = MAX_WALKED_LEAVES }: WalkLimits,
): LeafWalk {
  const walk: LeafWalk = { pages: (async function* () {})(), isCut: false };
  const ranges = texts.address === null ? null : addressTextRanges(texts.address);
  if (texts.address === null && texts.text.length >= TRIGRAM_LENGTH) {
    walk.pages = (async function* () {
      // A common text (`gw`) fills the room within the first leaves: walk those before counting the
      // matches of the whole account, which a rare text (`dhcp3-17`) needs.
      let last: SubnetRecord | undefined;
      let pages = 0;
      for await (const page of leafPagesInNameOrder(db, scope, texts, leafPage)) {
        yield page;
        last = page.at(-1)?.subnet;
        pages += 1;
        if (page.length < leafPage) return;
        if (pages === FIRST_PAGES) break;
      }
      if (last === undefined) return;
      const after = { nameKey: nameSortKey(last.name), id: last.id };
      yield await firstLeavesWithWrittenMatches(db, scope, texts, SEARCH_MAX_ADDRESSES + 1, after);
    })();
  } else if (ranges !== null) {
    walk.pages = (async function* () {
      // An address that matches lies in the ranges: the whole account is searched by hostname and
      // description only (the address column's trigrams, `.1.` and the like, are in most rows), and
      // the leaves in the ranges are counted whole.
      const [written, inRanges] = await Promise.all([
        firstLeavesWithWrittenMatches(db, scope, { ...texts, address: null }, SEARCH_MAX_ADDRESSES + 1),
        firstLeavesInRanges(db, scope, ranges, MAX_RANGE_LEAVES),
      ]);
      const rangeTotals = await countWrittenMatches(
        db,
        inRanges.map((subnet) => subnet.id),
        texts,
      );
      const seen = new Set(inRanges.map((subnet) => subnet.id));
      const none = { matching: 0, addressMatches: 0 };
      let merged = [
        ...written.filter((leaf) => !seen.has(leaf.subnet.id)),
        ...inRanges.map((subnet) => ({ subnet, totals: rangeTotals.get(subnet.id) ?? none })),
      ].sort(byName);
      const last = inRanges.at(-1);
      if (inRanges.length === MAX_RANGE_LEAVES && last !== undefined) {
        // Past the last leaf read in the ranges, others in them are unknown: stop there.
        const end = merged.findIndex((leaf) => leaf.subnet.id === last.id);
        merged = merged.slice(0, end + 1);
        walk.isCut = true;
      }
      yield merged;
    })();
  } else {
    walk.pages = (async function* () {
      let walked = 0;
      for await (const page of leafPagesInNameOrder(db, scope, texts, leafPage)) {
        yield page;
        walked += page.length;
        if (walked >= maxWalkedLeaves) {
          walk.isCut = true;
          return;
        }
      }
    })();
  }
  return walk;
}

/**
 * The subnets matching by themselves (isSubnetMatch), in name order, one more than listed when there
 * are more: by their text (SQL), and when the search is a whole address, those holding it (by index).
 * A text too short for a trigram is compared with the first MAX_WALKED_LEAVES subnets by name only
 * (`isCut`: the account has more), as its leaves are walked.
 */
async function ownMatches(
  db: Db,
  scope: SearchScope,
  texts: Texts,
  { maxWalkedLeaves = MAX_WALKED_LEAVES }: WalkLimits,
): Promise<{ subnets: SubnetRecord[]; isCut: boolean }> {
  const limit = SEARCH_MAX_SUBNETS + 1;
  // A text no trigram serves is compared with the first subnets by name only, as its leaves are.
  const walkAtMost = texts.text.length < TRIGRAM_LENGTH ? maxWalkedLeaves : undefined;
  const { subnets: byText, isCut } = await findOwnTextMatches(db, scope, texts, limit, walkAtMost);
  const { exact } = texts;
  if (exact === null) return { subnets: byText, isCut };
  const point = prefixOf(exact.version, exact.value, exact.version === 4 ? 32 : 128);
  const holding = await findEnclosingSubnets(db, scope.accountId, scope.vrfId, point);
  const seen = new Set(byText.map((subnet) => subnet.id));
  const subnets = sortedByName([...byText, ...holding.filter((subnet) => !seen.has(subnet.id))]);
  return { subnets: subnets.slice(0, limit), isCut };
}

/**
 * Searches the whole account: the searched address itself first when it is one (`exactMatches`);
 * written addresses by address, hostname and description; never-written addresses by their address
 * text (core's RangeTextSearch counts and finds them without visiting each); subnets by name,
 * description and network. Subnets come in name order, addresses in numeric order, at most
 * SEARCH_ADDRESSES_PER_SUBNET per subnet and SEARCH_MAX_ADDRESSES in all, and at most
 * SEARCH_MAX_SUBNETS subnets that match by themselves.
 *
 * Nothing reads every subnet (issue 35): the subnets matching by themselves are found in SQL; the
 * leaves are walked in name order (name_key) only until the room for addresses is used and one more
 * subnet with matches shows that some were left out.
 */
export async function searchAccount(
  db: Db,
  accountId: string,
  q: string,
  vrfId: string | undefined = undefined,
  limits: WalkLimits = {},
): Promise<SearchResult> {
  const texts = searchTexts(q);
  const vrfs = await listVrfs(db, accountId);
  const vrfNames = new Map(vrfs.map((vrf) => [vrf.id, vrf.name]));
  // A VRF the account does not have finds nothing, not a 404.
  if (vrfId !== undefined && !vrfNames.has(vrfId))
    return { q, exactMatches: [], subnets: [], isTruncated: false };
  const scope: SearchScope = { accountId, vrfId };
  const exactMatches = await exactMatchesOf(db, accountId, q, texts, vrfId);
  const found = new Map<string, SearchSubnet>();
  let isTruncated = false;
  let room = SEARCH_MAX_ADDRESSES;
  const leaves = leavesInNameOrder(db, scope, texts, limits);
  walk: for await (const page of leaves.pages) {
    // Each subnet shown takes at least one place: at most `room` of the page's get any.
    const withWritten = page.filter((leaf) => leaf.totals.matching > 0).slice(0, room);
    const firstWritten = await firstWrittenMatchesOf(
      db,
      withWritten.map((leaf) => leaf.subnet.id),
      texts,
      SEARCH_ADDRESSES_PER_SUBNET,
    );
    for (const { subnet, totals } of page) {
      const prefetched = firstWritten.get(subnet.id) ?? [];
      const { total, shown } = await subnetMatches(db, subnet, texts, totals, room, prefetched);
      if (total === 0) continue;
      if (shown.length === 0) {
        // The room is used and this subnet has matches: some are left out; no need to look further.
        isTruncated = true;
        break walk;
      }
      if (shown.length < total) isTruncated = true;
      room -= shown.length;
      found.set(subnet.id, resultOf(subnet, texts, vrfNames, shown, total));
    }
  }
  // A walk cut short with room left may have missed matches further on.
  if (leaves.isCut && room > 0) isTruncated = true;
  const { subnets: own, isCut } = await ownMatches(db, scope, texts, limits);
  if (own.length > SEARCH_MAX_SUBNETS || isCut) isTruncated = true;
  const unwalked = own.slice(0, SEARCH_MAX_SUBNETS).filter((subnet) => !found.has(subnet.id));
  const leafTotals = await countWrittenMatches(
    db,
    unwalked.filter((subnet) => subnet.kind === 'leaf').map((subnet) => subnet.id),
    texts,
  );
  for (const subnet of unwalked) {
    // Past the walk, the room is used: the subnet is listed with its count, no addresses.
    const totals = leafTotals.get(subnet.id) ?? { matching: 0, addressMatches: 0 };
    const { total } =
      subnet.kind === 'leaf' ? await subnetMatches(db, subnet, texts, totals, 0, []) : { total: 0 };
    if (total > 0) isTruncated = true;
    found.set(subnet.id, resultOf(subnet, texts, vrfNames, [], total));
  }
  return { q, exactMatches, subnets: sortedByName([...found.values()]), isTruncated };
}
