/**
 * Data sets for the NetBox stand-in (`netbox-stand-in.ts`): NetBox's objects as compact rows, which the
 * stand-in renders into NetBox 4.x's JSON. A list is anything with `length` and `at()`, so an array or a
 * generator that makes row i on demand (a million addresses without a million objects in memory).
 */

/** Rows of one list: an array, or rows made on demand. */
export interface NetboxRows<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

/** NetBox's prefix statuses (`PrefixStatusChoices`). */
export type NetboxPrefixStatus = 'container' | 'active' | 'reserved' | 'deprecated';
/** NetBox's IP address statuses (`IPAddressStatusChoices`), or one an admin added in FIELD_CHOICES. */
export type NetboxAddressStatus = 'active' | 'reserved' | 'deprecated' | 'dhcp' | 'slaac' | (string & {});

/** Where a prefix is (NetBox 4.2+ `scope_type` + `scope_id`; before 4.2 only a site). */
export interface NetboxScope {
  type: 'dcim.site' | 'dcim.location' | 'dcim.region';
  id: number;
}

export interface NetboxVrfRow {
  id: number;
  name: string;
  rd: string | null;
  description: string;
  tenantId: number | null;
}
export interface NetboxTenantRow {
  id: number;
  name: string;
  slug: string;
  description: string;
}
export interface NetboxSiteRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  tenantId: number | null;
}
export interface NetboxLocationRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  siteId: number;
}
export interface NetboxRegionRow {
  id: number;
  name: string;
  slug: string;
  description: string;
}
export interface NetboxVlanRow {
  id: number;
  vid: number;
  name: string;
  description: string;
  tenantId: number | null;
}
export interface NetboxPrefixRow {
  id: number;
  /** "10.0.0.0/16" or "2001:db8::/32". */
  prefix: string;
  vrfId: number | null;
  status: NetboxPrefixStatus;
  tenantId: number | null;
  scope: NetboxScope | null;
  vlanId: number | null;
  description: string;
}
export interface NetboxAddressRow {
  id: number;
  /** With its mask, as NetBox keeps it: "10.0.1.5/24". */
  address: string;
  vrfId: number | null;
  status: NetboxAddressStatus;
  tenantId: number | null;
  dnsName: string;
  description: string;
}

/** Everything the stand-in serves. */
export interface NetboxData {
  vrfs: NetboxRows<NetboxVrfRow>;
  tenants: NetboxRows<NetboxTenantRow>;
  sites: NetboxRows<NetboxSiteRow>;
  locations: NetboxRows<NetboxLocationRow>;
  regions: NetboxRows<NetboxRegionRow>;
  vlans: NetboxRows<NetboxVlanRow>;
  prefixes: NetboxRows<NetboxPrefixRow>;
  addresses: NetboxRows<NetboxAddressRow>;
}

/** Where a prefix is, as the builder takes it. */
export type NetboxScopeOption = { site: number } | { location: number } | { region: number };

interface Described {
  description?: string;
}

/** A data set built object by object; each adder answers the new object's id. */
export interface NetboxDataBuilder extends NetboxData {
  vrfs: NetboxVrfRow[];
  tenants: NetboxTenantRow[];
  sites: NetboxSiteRow[];
  locations: NetboxLocationRow[];
  regions: NetboxRegionRow[];
  vlans: NetboxVlanRow[];
  prefixes: NetboxPrefixRow[];
  addresses: NetboxAddressRow[];
  vrf(name: string, options?: Described & { rd?: string; tenant?: number }): number;
  tenant(name: string, options?: Described): number;
  site(name: string, options?: Described & { tenant?: number }): number;
  location(name: string, site: number, options?: Described): number;
  region(name: string, options?: Described): number;
  vlan(vid: number, name: string, options?: Described & { tenant?: number }): number;
  prefix(
    prefix: string,
    options?: Described & {
      vrf?: number;
      status?: NetboxPrefixStatus;
      tenant?: number;
      scope?: NetboxScopeOption;
      vlan?: number;
    },
  ): number;
  address(
    address: string,
    options?: Described & { vrf?: number; status?: NetboxAddressStatus; tenant?: number; dnsName?: string },
  ): number;
}

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function scopeOf(option: NetboxScopeOption | undefined): NetboxScope | null {
  if (!option) return null;
  if ('site' in option) return { type: 'dcim.site', id: option.site };
  if ('location' in option) return { type: 'dcim.location', id: option.location };
  return { type: 'dcim.region', id: option.region };
}

/** An empty data set to add objects to; ids count from 1 per kind, as in a fresh NetBox. */
export function netboxData(): NetboxDataBuilder {
  const data: NetboxDataBuilder = {
    vrfs: [],
    tenants: [],
    sites: [],
    locations: [],
    regions: [],
    vlans: [],
    prefixes: [],
    addresses: [],
    vrf: (name, o = {}) =>
      data.vrfs.push({
        id: data.vrfs.length + 1,
        name,
        rd: o.rd ?? null,
        description: o.description ?? '',
        tenantId: o.tenant ?? null,
      }),
    tenant: (name, o = {}) =>
      data.tenants.push({
        id: data.tenants.length + 1,
        name,
        slug: slugOf(name),
        description: o.description ?? '',
      }),
    site: (name, o = {}) =>
      data.sites.push({
        id: data.sites.length + 1,
        name,
        slug: slugOf(name),
        description: o.description ?? '',
        tenantId: o.tenant ?? null,
      }),
    location: (name, site, o = {}) =>
      data.locations.push({
        id: data.locations.length + 1,
        name,
        slug: slugOf(name),
        description: o.description ?? '',
        siteId: site,
      }),
    region: (name, o = {}) =>
      data.regions.push({
        id: data.regions.length + 1,
        name,
        slug: slugOf(name),
        description: o.description ?? '',
      }),
    vlan: (vid, name, o = {}) =>
      data.vlans.push({
        id: data.vlans.length + 1,
        vid,
        name,
        description: o.description ?? '',
        tenantId: o.tenant ?? null,
      }),
    prefix: (prefix, o = {}) =>
      data.prefixes.push({
        id: data.prefixes.length + 1,
        prefix,
        vrfId: o.vrf ?? null,
        status: o.status ?? 'active',
        tenantId: o.tenant ?? null,
        scope: scopeOf(o.scope),
        vlanId: o.vlan ?? null,
        description: o.description ?? '',
      }),
    address: (address, o = {}) =>
      data.addresses.push({
        id: data.addresses.length + 1,
        address,
        vrfId: o.vrf ?? null,
        status: o.status ?? 'active',
        tenantId: o.tenant ?? null,
        dnsName: o.dnsName ?? '',
        description: o.description ?? '',
      }),
  };
  return data;
}

/** Rows made on demand: row `index` is `make(index)`. */
export function lazyRows<T>(length: number, make: (index: number) => T): NetboxRows<T> {
  return { length, at: (index) => (index >= 0 && index < length ? make(index) : undefined) };
}

const dotted = (value: number) => [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
const TEN = 0x0a000000;

/**
 * A large data set made on demand, for benchmarks and caps: `prefixes` /24s from 10.0.0.0 on, in the
 * Global VRF, spread over `tenants` tenants; `addresses` addresses filling those /24s from .1 to .254
 * in order (beyond the last prefix they have none). Nothing is held in memory but the tenants.
 */
export function bigNetboxData(counts: { prefixes: number; addresses: number; tenants?: number }): NetboxData {
  const tenantCount = counts.tenants ?? 10;
  const tenants = Array.from({ length: tenantCount }, (_, index) => ({
    id: index + 1,
    name: `Tenant ${index + 1}`,
    slug: `tenant-${index + 1}`,
    description: '',
  }));
  return {
    vrfs: [],
    tenants,
    sites: [],
    locations: [],
    regions: [],
    vlans: [],
    prefixes: lazyRows(counts.prefixes, (index) => ({
      id: index + 1,
      prefix: `${dotted(TEN + index * 256)}/24`,
      vrfId: null,
      status: 'active',
      tenantId: tenantCount > 0 ? (index % tenantCount) + 1 : null,
      scope: null,
      vlanId: null,
      description: `Net ${index + 1}`,
    })),
    addresses: lazyRows(counts.addresses, (index) => ({
      id: index + 1,
      address: `${dotted(TEN + Math.floor(index / 254) * 256 + (index % 254) + 1)}/24`,
      vrfId: null,
      status: 'active',
      tenantId: null,
      dnsName: `host-${index + 1}.example`,
      description: '',
    })),
  };
}
