import { messages } from '@ipam/core/messages';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import type { SourceAddress, SourceGroup, SourceSubnet, SourceVrf } from './source-model.js';

/**
 * NetBox's objects as its REST API sends them (NetBox 3.x and 4.x), read down to the fields an import
 * uses, and turned into the source model. Nested objects are NetBox's brief representations.
 */

const id = z.number().int().nonnegative();
const text = z.string().nullish();
const choice = z.object({ value: z.union([z.string(), z.number()]), label: z.string().nullish() }).nullish();
/** A brief tenant, site or location: what a group is made of. */
const brief = z.object({ id, name: z.string(), description: text });

/** The fields asked for with `?fields=` (NetBox 4.0+; older ones send every field). */
export const VRF_FIELDS = 'id,name,rd,description';
export const ADDRESS_FIELDS = 'id,address,vrf,status,dns_name,description';
export const LOCATION_FIELDS = 'id,site';
const PREFIX_BASE_FIELDS = 'id,prefix,vrf,status,description,vlan';
export const PREFIX_FIELDS = {
  tenant: `${PREFIX_BASE_FIELDS},tenant`,
  // `scope_type` + `scope` since NetBox 4.2, `site` before.
  site: `${PREFIX_BASE_FIELDS},scope_type,scope,site`,
  none: PREFIX_BASE_FIELDS,
} as const;

const vrfRow = z.object({ id, name: z.string(), rd: text, description: text });
const prefixRow = z.object({
  id,
  prefix: z.string(),
  vrf: z.object({ id }).nullish(),
  status: choice,
  description: text,
  vlan: z.object({ vid: z.number().int() }).nullish(),
  tenant: brief.nullish(),
  scope_type: text,
  scope: brief.nullish(),
  site: brief.nullish(),
});
const addressRow = z.object({
  id,
  address: z.string(),
  vrf: z.object({ id }).nullish(),
  status: choice,
  dns_name: text,
  description: text,
});
const locationRow = z.object({ id, site: brief.nullish() });

export type NetboxPrefix = z.infer<typeof prefixRow>;
export type NetboxBrief = z.infer<typeof brief>;

/** Parses one object of a NetBox list, refusing (with where and what) one it cannot read. */
function parseWith<T>(schema: z.ZodType<T>, kind: string, source: string, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const rawId = (raw as { id?: unknown } | null)?.id;
  const object = typeof rawId === 'number' ? `NetBox ${kind} ${rawId}` : `a NetBox ${kind} without an id`;
  const issue = parsed.error.issues[0];
  const problem = issue ? `${issue.path.join('.') || 'the object'}: ${issue.message}` : 'unreadable';
  throw new DomainError('source_unreadable', messages.sourceObjectUnreadable(source, object, problem));
}

/** A NetBox VRF as a source VRF. */
export function vrfOf(raw: unknown, source: string): SourceVrf {
  const row = parseWith(vrfRow, 'VRF', source, raw);
  return {
    key: String(row.id),
    label: `NetBox VRF ${row.id}`,
    name: row.name,
    rd: row.rd || null,
    description: row.description ?? '',
  };
}

/** A NetBox prefix, read. */
export function prefixOf(raw: unknown, source: string): NetboxPrefix {
  return parseWith(prefixRow, 'prefix', source, raw);
}

/** A location's site (for prefixes scoped to a location), or null. */
export function locationSiteOf(
  raw: unknown,
  source: string,
): { locationId: number; site: NetboxBrief | null } {
  const row = parseWith(locationRow, 'location', source, raw);
  return { locationId: row.id, site: row.site ?? null };
}

/** A tenant or site as a group (kept flat: tenant groups and regions are not imported). */
export function groupOf(brief: NetboxBrief, noun: 'tenant' | 'site'): SourceGroup {
  return {
    key: String(brief.id),
    label: `NetBox ${noun} ${brief.id}`,
    name: brief.name,
    description: brief.description ?? '',
    parentKey: null,
  };
}

/** A read prefix as a source subnet in the group `groupKey`. */
export function subnetOf(row: NetboxPrefix, groupKey: string | null): SourceSubnet {
  const description = row.description ?? '';
  return {
    key: String(row.id),
    vrfKey: row.vrf ? String(row.vrf.id) : null,
    groupKey,
    cidr: row.prefix,
    isContainer: row.status?.value === 'container',
    name: description.trim() || row.prefix,
    description,
    vlan: row.vlan?.vid ?? null,
    // NetBox does not scan.
    scanned: false,
    label: `NetBox prefix ${row.id}`,
  };
}

/**
 * NetBox's address statuses in this product's three. active and reserved map one to one. dhcp is an
 * address a DHCP server hands out: Reserved, so no one assigns it by hand. slaac is one a host gave
 * itself: In Use. deprecated is one being retired: Available, the address free again. A status an
 * admin added (FIELD_CHOICES) means nothing we know: Reserved, so the address is neither handed out
 * nor claimed live. Every status but active and reserved is kept in the description.
 */
function statusOf(value: string): { status: AddressStatus; isNoted: boolean } {
  if (value === 'active') return { status: 'In Use', isNoted: false };
  if (value === 'reserved') return { status: 'Reserved', isNoted: false };
  if (value === 'slaac') return { status: 'In Use', isNoted: true };
  if (value === 'deprecated') return { status: 'Available', isNoted: true };
  return { status: 'Reserved', isNoted: true };
}

/** A NetBox IP address as a source address: the address without its mask length. */
export function addressOf(raw: unknown, source: string): SourceAddress {
  const row = parseWith(addressRow, 'IP address', source, raw);
  const value = String(row.status?.value ?? 'active');
  const { status, isNoted } = statusOf(value);
  const description = row.description ?? '';
  const note = `NetBox status: ${row.status?.label || value}`;
  return {
    key: String(row.id),
    vrfKey: row.vrf ? String(row.vrf.id) : null,
    ip: row.address.split('/')[0] ?? row.address,
    status,
    hostname: row.dns_name ?? '',
    description: isNoted ? (description ? `${description} (${note})` : note) : description,
    label: `NetBox IP address ${row.id}`,
  };
}
