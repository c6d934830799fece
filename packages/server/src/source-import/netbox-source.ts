import { MAX_IMPORT_ADDRESSES, MAX_IMPORT_SUBNETS, type NetboxGroupBy } from '@ipam/core/api/source-import';
import { messages } from '@ipam/core/messages';
import { DomainError } from '../errors/domain-error.js';
import { NETBOX_PAGE_SIZE, type NetboxApi, netboxPages } from './netbox-pages.js';
import {
  ADDRESS_FIELDS,
  addressOf,
  groupOf,
  LOCATION_FIELDS,
  locationSiteOf,
  type NetboxBrief,
  type NetboxPrefix,
  PREFIX_FIELDS,
  prefixOf,
  subnetOf,
  VRF_FIELDS,
  vrfOf,
} from './netbox-rows.js';
import { DEFAULT_SOURCE_LIMITS, type SourceLimits, sourceBaseUrl } from './source-fetch.js';
import type { ImportSource, SourceAddress, SourceGroup, SourceStructure } from './source-model.js';

/** Where a NetBox is, its token, and what of NetBox becomes this product's groups. */
export interface NetboxSourceOptions {
  /** NetBox's address, with or without its "api/" ("https://nb.example/" or "https://nb.example/api/"). */
  url: string;
  token: string;
  groupBy: NetboxGroupBy;
  limits?: SourceLimits;
}

/** NetBox's API root from the address entered: "https://nb.example/" and "…/api/" alike. */
export function netboxApiRoot(url: string): URL {
  const root = sourceBaseUrl(url);
  if (!root.pathname.endsWith('/api/')) root.pathname += 'api/';
  return root;
}

/**
 * The Authorization header for a NetBox token: "Token <key>" (v1), or "Bearer nbt_<key>.<secret>" for
 * a v2 token (NetBox 4.5+). A pasted "Token …" or "Bearer …" is taken without its keyword. A token
 * with characters no header may carry is refused here, before fetch would repeat it in an error.
 */
export function netboxAuthorization(token: string): string {
  const bare = token.trim().replace(/^(?:token|bearer)\s+/i, '');
  if (!/^[\x21-\x7e]+$/.test(bare)) {
    throw new DomainError('validation_failed', messages.sourceTokenMalformed, {
      token: messages.sourceTokenMalformed,
    });
  }
  return bare.startsWith('nbt_') ? `Bearer ${bare}` : `Token ${bare}`;
}

async function readVrfs(api: NetboxApi) {
  const vrfs = [];
  for await (const page of netboxPages(api, 'ipam/vrfs/', VRF_FIELDS, 'VRFs')) {
    for (const raw of page.results) vrfs.push(vrfOf(raw, api.label));
  }
  return vrfs;
}

/** Every prefix, refused as soon as NetBox's count (or what arrives) passes the import's cap. */
async function readPrefixes(api: NetboxApi, groupBy: NetboxGroupBy): Promise<NetboxPrefix[]> {
  const prefixes: NetboxPrefix[] = [];
  for await (const page of netboxPages(api, 'ipam/prefixes/', PREFIX_FIELDS[groupBy], 'prefixes')) {
    if (page.count > MAX_IMPORT_SUBNETS || prefixes.length + page.results.length > MAX_IMPORT_SUBNETS) {
      throw new DomainError('source_too_large', messages.sourceTooManySubnets(MAX_IMPORT_SUBNETS));
    }
    for (const raw of page.results) prefixes.push(prefixOf(raw, api.label));
  }
  return prefixes;
}

/**
 * How to find a prefix's site: its scope when that is a site (NetBox 4.2+), the site of its location
 * when that is a location (read from the locations, only when some prefix has one), its `site` before
 * 4.2. A region or site group scope names no one site: no group.
 */
async function siteFinder(api: NetboxApi, prefixes: NetboxPrefix[]) {
  const locationSites = new Map<number, NetboxBrief | null>();
  if (prefixes.some((prefix) => prefix.scope_type === 'dcim.location')) {
    for await (const page of netboxPages(api, 'dcim/locations/', LOCATION_FIELDS, 'locations')) {
      for (const raw of page.results) {
        const { locationId, site } = locationSiteOf(raw, api.label);
        locationSites.set(locationId, site);
      }
    }
  }
  return (prefix: NetboxPrefix): NetboxBrief | null => {
    if (prefix.scope_type === 'dcim.site') return prefix.scope ?? null;
    if (prefix.scope_type === 'dcim.location') return locationSites.get(prefix.scope?.id ?? -1) ?? null;
    return prefix.site ?? null;
  };
}

/**
 * VRFs, prefixes and the groups prefixes are in. A group is made from the tenant or site a prefix
 * carries (NetBox nests their name and description), so only tenants or sites that hold a prefix
 * become groups, and no list of tenants or sites is read.
 */
async function readStructure(api: NetboxApi, groupBy: NetboxGroupBy): Promise<SourceStructure> {
  const [vrfs, prefixes] = await Promise.all([readVrfs(api), readPrefixes(api, groupBy)]);
  const placeOf =
    groupBy === 'site'
      ? await siteFinder(api, prefixes)
      : (prefix: NetboxPrefix) => (groupBy === 'tenant' ? (prefix.tenant ?? null) : null);
  const groups = new Map<string, SourceGroup>();
  const subnets = prefixes.map((prefix) => {
    const place = placeOf(prefix);
    const group = place ? groupOf(place, groupBy === 'site' ? 'site' : 'tenant') : null;
    if (group && !groups.has(group.key)) groups.set(group.key, group);
    return subnetOf(prefix, group?.key ?? null);
  });
  return { vrfs, groups: [...groups.values()], subnets };
}

/** The IP addresses a page at a time, refused as soon as NetBox's count passes the import's cap. */
async function* readAddresses(api: NetboxApi): AsyncGenerator<SourceAddress[]> {
  let read = 0;
  for await (const page of netboxPages(api, 'ipam/ip-addresses/', ADDRESS_FIELDS, 'IP addresses')) {
    read += page.results.length;
    if (page.count > MAX_IMPORT_ADDRESSES || read > MAX_IMPORT_ADDRESSES) {
      throw new DomainError('source_too_large', messages.sourceTooManyAddresses(MAX_IMPORT_ADDRESSES));
    }
    // A NetBox that ignores `limit` still gives batches of at most a page.
    for (let start = 0; start < page.results.length; start += NETBOX_PAGE_SIZE) {
      yield page.results.slice(start, start + NETBOX_PAGE_SIZE).map((raw) => addressOf(raw, api.label));
    }
  }
}

/**
 * An import source reading a NetBox's REST API (3.x and 4.x): VRFs, prefixes (grouped by tenant, by
 * site or not at all) and IP addresses, a page of at most 1,000 at a time. Throws a DomainError
 * ('validation_failed') at once for a URL or token that cannot be used.
 */
export function netboxSource(options: NetboxSourceOptions): ImportSource {
  const root = netboxApiRoot(options.url);
  const api: NetboxApi = {
    label: `NetBox at ${root.href}`,
    root,
    headers: { authorization: netboxAuthorization(options.token) },
    limits: options.limits ?? DEFAULT_SOURCE_LIMITS,
  };
  return {
    label: api.label,
    readStructure: () => readStructure(api, options.groupBy),
    addresses: () => readAddresses(api),
  };
}
