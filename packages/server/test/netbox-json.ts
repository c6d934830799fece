import type {
  NetboxAddressRow,
  NetboxData,
  NetboxLocationRow,
  NetboxPrefixRow,
  NetboxRows,
  NetboxSiteRow,
  NetboxTenantRow,
  NetboxVlanRow,
  NetboxVrfRow,
} from './netbox-data.js';

/**
 * NetBox 4.6's JSON for the rows of `netbox-data.ts`, field for field as its serializers send them
 * (`ipam/api/serializers_/ip.py`, `vrfs.py`, `vlans.py`, `tenancy/…/tenants.py`, `dcim/…/sites.py`):
 * absolute `url`s, `display`, brief nested objects, `{value, label}` choices. What the stand-in does not
 * model is sent empty: `tags` [], `custom_fields` {}, `children` and `_depth` 0, counts of devices 0.
 */

type Json = Record<string, unknown>;

/** How links are written and which NetBox the answers imitate. */
export interface NetboxJsonContext {
  /** Scheme, host and port the links name (NetBox takes them from the request's Host). */
  origin: string;
  /** Where NetBox is mounted: "/" or e.g. "/netbox/" (NetBox's BASE_PATH). */
  basePath: string;
  /** NetBox 4.2+ (`scope_type` + `scope` on prefixes); before, prefixes have a `site`. */
  hasScope: boolean;
}

const STAMPS = { created: '2025-03-14T09:26:53.589793Z', last_updated: '2025-06-02T16:41:07.120374Z' };
const PREFIX_STATUS_LABELS: Record<string, string> = {
  container: 'Container',
  active: 'Active',
  reserved: 'Reserved',
  deprecated: 'Deprecated',
};
const ADDRESS_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  reserved: 'Reserved',
  deprecated: 'Deprecated',
  dhcp: 'DHCP',
  slaac: 'SLAAC',
};

function byId<T extends { id: number }>(rows: NetboxRows<T>): Map<number, T> {
  const map = new Map<number, T>();
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows.at(index);
    if (row) map.set(row.id, row);
  }
  return map;
}

function tally<T>(rows: NetboxRows<T>, keyOf: (row: T) => number | null): Map<number, number> {
  const counts = new Map<number, number>();
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows.at(index);
    const key = row ? keyOf(row) : null;
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const titled = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const choice = (value: string, labels: Record<string, string>) => ({
  value,
  label: labels[value] ?? titled(value),
});
const familyOf = (text: string) =>
  text.includes(':') ? { value: 6, label: 'IPv6' } : { value: 4, label: 'IPv4' };

/** Renders the objects of one data set; the small lists are indexed once, counts on first use. */
export function netboxJson(data: NetboxData, context: NetboxJsonContext) {
  const vrfs = byId(data.vrfs);
  const tenants = byId(data.tenants);
  const sites = byId(data.sites);
  const locations = byId(data.locations);
  const regions = byId(data.regions);
  const vlans = byId(data.vlans);
  let counts: ReturnType<typeof countAll> | null = null;
  // Counting walks every prefix and address: only done when a list that shows counts is asked for.
  const countsOf = () => (counts ??= countAll(data));

  const api = (path: string, id: number) => `${context.origin}${context.basePath}api/${path}${id}/`;
  const ui = (path: string, id: number) => `${context.origin}${context.basePath}${path}${id}/`;

  const briefVrf = (id: number | null) => {
    const row = id === null ? undefined : vrfs.get(id);
    if (!row) return null;
    const display = row.rd ? `${row.name} (${row.rd})` : row.name;
    return {
      id: row.id,
      url: api('ipam/vrfs/', row.id),
      display,
      name: row.name,
      rd: row.rd,
      description: row.description,
    };
  };
  const briefTenant = (id: number | null) => {
    const row = id === null ? undefined : tenants.get(id);
    if (!row) return null;
    const { name, slug, description } = row;
    return { id: row.id, url: api('tenancy/tenants/', row.id), display: name, name, slug, description };
  };
  const briefSite = (id: number | null) => {
    const row = id === null ? undefined : sites.get(id);
    if (!row) return null;
    const { name, slug, description } = row;
    return { id: row.id, url: api('dcim/sites/', row.id), display: name, name, description, slug };
  };
  const briefLocation = (id: number) => {
    const row = locations.get(id);
    if (!row) return null;
    const { name, slug, description } = row;
    const url = api('dcim/locations/', row.id);
    return { id: row.id, url, display: name, name, slug, description, rack_count: 0, _depth: 0 };
  };
  const briefRegion = (id: number) => {
    const row = regions.get(id);
    if (!row) return null;
    const { name, slug, description } = row;
    const url = api('dcim/regions/', row.id);
    return { id: row.id, url, display: name, name, slug, description, site_count: 0, _depth: 0 };
  };
  const briefVlan = (id: number | null) => {
    const row = id === null ? undefined : vlans.get(id);
    if (!row) return null;
    const { vid, name, description } = row;
    return {
      id: row.id,
      url: api('ipam/vlans/', row.id),
      display: `${name} (${vid})`,
      vid,
      name,
      description,
    };
  };
  const extras = { owner: null, comments: '', tags: [], custom_fields: {}, ...STAMPS };

  const prefixPlace = (row: NetboxPrefixRow): Json => {
    const scope = row.scope;
    if (!context.hasScope) return { site: scope?.type === 'dcim.site' ? briefSite(scope.id) : null };
    if (!scope) return { scope_type: null, scope_id: null, scope: null };
    const nested =
      scope.type === 'dcim.site'
        ? briefSite(scope.id)
        : scope.type === 'dcim.location'
          ? briefLocation(scope.id)
          : briefRegion(scope.id);
    return { scope_type: scope.type, scope_id: scope.id, scope: nested };
  };

  return {
    vrf: (row: NetboxVrfRow): Json => ({
      id: row.id,
      url: api('ipam/vrfs/', row.id),
      display_url: ui('ipam/vrfs/', row.id),
      display: row.rd ? `${row.name} (${row.rd})` : row.name,
      name: row.name,
      rd: row.rd,
      tenant: briefTenant(row.tenantId),
      enforce_unique: true,
      description: row.description,
      import_targets: [],
      export_targets: [],
      ...extras,
      ipaddress_count: countsOf().addressesByVrf.get(row.id) ?? 0,
      prefix_count: countsOf().prefixesByVrf.get(row.id) ?? 0,
    }),
    tenant: (row: NetboxTenantRow): Json => ({
      id: row.id,
      url: api('tenancy/tenants/', row.id),
      display_url: ui('tenancy/tenants/', row.id),
      display: row.name,
      name: row.name,
      slug: row.slug,
      group: null,
      description: row.description,
      ...extras,
      circuit_count: 0,
      device_count: 0,
      ipaddress_count: countsOf().addressesByTenant.get(row.id) ?? 0,
      prefix_count: countsOf().prefixesByTenant.get(row.id) ?? 0,
      rack_count: 0,
      site_count: countsOf().sitesByTenant.get(row.id) ?? 0,
      virtualmachine_count: 0,
      vlan_count: countsOf().vlansByTenant.get(row.id) ?? 0,
      vrf_count: countsOf().vrfsByTenant.get(row.id) ?? 0,
      cluster_count: 0,
    }),
    site: (row: NetboxSiteRow): Json => ({
      id: row.id,
      url: api('dcim/sites/', row.id),
      display_url: ui('dcim/sites/', row.id),
      display: row.name,
      name: row.name,
      slug: row.slug,
      status: { value: 'active', label: 'Active' },
      region: null,
      group: null,
      tenant: briefTenant(row.tenantId),
      facility: '',
      time_zone: null,
      description: row.description,
      physical_address: '',
      shipping_address: '',
      latitude: null,
      longitude: null,
      asns: [],
      ...extras,
      circuit_count: 0,
      device_count: 0,
      prefix_count: countsOf().prefixesBySite.get(row.id) ?? 0,
      rack_count: 0,
      virtualmachine_count: 0,
      vlan_count: 0,
    }),
    location: (row: NetboxLocationRow): Json => ({
      id: row.id,
      url: api('dcim/locations/', row.id),
      display_url: ui('dcim/locations/', row.id),
      display: row.name,
      name: row.name,
      slug: row.slug,
      site: briefSite(row.siteId),
      parent: null,
      status: { value: 'active', label: 'Active' },
      tenant: null,
      facility: '',
      description: row.description,
      ...extras,
      rack_count: 0,
      device_count: 0,
      prefix_count: 0,
      _depth: 0,
    }),
    vlan: (row: NetboxVlanRow): Json => ({
      id: row.id,
      url: api('ipam/vlans/', row.id),
      display_url: ui('ipam/vlans/', row.id),
      display: `${row.name} (${row.vid})`,
      site: null,
      group: null,
      vid: row.vid,
      name: row.name,
      tenant: briefTenant(row.tenantId),
      status: { value: 'active', label: 'Active' },
      role: null,
      description: row.description,
      qinq_role: null,
      qinq_svlan: null,
      l2vpn_termination: null,
      ...extras,
      prefix_count: countsOf().prefixesByVlan.get(row.id) ?? 0,
    }),
    prefix: (row: NetboxPrefixRow): Json => ({
      id: row.id,
      url: api('ipam/prefixes/', row.id),
      display_url: ui('ipam/prefixes/', row.id),
      display: row.prefix,
      family: familyOf(row.prefix),
      prefix: row.prefix,
      vrf: briefVrf(row.vrfId),
      ...prefixPlace(row),
      tenant: briefTenant(row.tenantId),
      vlan: briefVlan(row.vlanId),
      status: choice(row.status, PREFIX_STATUS_LABELS),
      role: null,
      is_pool: false,
      mark_utilized: false,
      description: row.description,
      ...extras,
      children: 0,
      _depth: 0,
    }),
    address: (row: NetboxAddressRow): Json => ({
      id: row.id,
      url: api('ipam/ip-addresses/', row.id),
      display_url: ui('ipam/ip-addresses/', row.id),
      display: row.address,
      family: familyOf(row.address),
      address: row.address,
      vrf: briefVrf(row.vrfId),
      tenant: briefTenant(row.tenantId),
      status: choice(row.status, ADDRESS_STATUS_LABELS),
      role: null,
      assigned_object_type: null,
      assigned_object_id: null,
      assigned_object: null,
      nat_inside: null,
      nat_outside: [],
      dns_name: row.dnsName,
      description: row.description,
      ...extras,
    }),
  };
}

function countAll(data: NetboxData) {
  return {
    prefixesByVrf: tally(data.prefixes, (row) => row.vrfId),
    prefixesByTenant: tally(data.prefixes, (row) => row.tenantId),
    prefixesBySite: tally(data.prefixes, (row) => (row.scope?.type === 'dcim.site' ? row.scope.id : null)),
    prefixesByVlan: tally(data.prefixes, (row) => row.vlanId),
    addressesByVrf: tally(data.addresses, (row) => row.vrfId),
    addressesByTenant: tally(data.addresses, (row) => row.tenantId),
    sitesByTenant: tally(data.sites, (row) => row.tenantId),
    vlansByTenant: tally(data.vlans, (row) => row.tenantId),
    vrfsByTenant: tally(data.vrfs, (row) => row.tenantId),
  };
}
