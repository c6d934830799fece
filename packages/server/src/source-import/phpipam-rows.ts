import { formatIPv4, IPV4_MAX } from '@ipam/core/ipv4';
import { formatIPv6, IPV6_MAX } from '@ipam/core/ipv6';
import type { AddressStatus } from '@ipam/core/schemas/address-schemas';

/**
 * Reading the values of phpIPAM's answers. Since PHP 8.1 ids and flags come as JSON numbers, but some
 * fields are always strings (`mask`), and with `api-stringify-results` or on older installations every
 * value is a string (README quirk 3): every reader here takes both.
 */

/** One object of a phpIPAM answer (a row of its `data`). */
export type PhpipamRow = Readonly<Record<string, unknown>>;

/** The text of a value: a string as it is, a number in digits, anything else (null, objects) empty. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** An id as text; 0, null and anything but a whole number mean "none" (quirk 4). */
export function idOf(value: unknown): string | null {
  const text = textOf(value).trim();
  return /^[1-9][0-9]*$/.test(text) ? text : null;
}

/** A phpIPAM flag (1 or "1"). */
export function isOn(value: unknown): boolean {
  return value === 1 || value === '1' || value === true;
}

/** A whole number given as a number or as digits; null otherwise. */
export function wholeNumberOf(value: unknown): number | null {
  const text = textOf(value).trim();
  return /^[0-9]+$/.test(text) ? Number(text) : null;
}

/** Text cut to `max` characters (an ellipsis marks the cut), never inside a surrogate pair. */
export function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * An address as dotted or colon text. Some routes give the decimal form instead, even mixed within one
 * answer (quirk 8); a decimal is read in the family of the subnet it belongs to, since a small number
 * is a valid address of either family.
 */
export function ipText(value: unknown, isIPv6: boolean): string {
  const text = textOf(value).trim();
  if (!/^[0-9]+$/.test(text)) return text;
  const decimal = BigInt(text);
  if (!isIPv6 && decimal <= BigInt(IPV4_MAX)) return formatIPv4(Number(decimal));
  if (decimal <= IPV6_MAX) return formatIPv6(decimal);
  return text;
}

/** A subnet's CIDR text from its `subnet` (dotted, colon or decimal) and `mask` ("24"). */
export function cidrOf(row: PhpipamRow): string {
  const network = textOf(row.subnet).trim();
  const mask = wholeNumberOf(row.mask);
  const isDecimal = /^[0-9]+$/.test(network);
  const isIPv6 =
    network.includes(':') || (isDecimal && ((mask ?? 0) > 32 || BigInt(network) > BigInt(IPV4_MAX)));
  return `${ipText(network, isIPv6)}/${mask ?? ''}`;
}

/** Custom field name (`custom_AssetTag`) → its default value as text, null when it has none. */
export type CustomFieldDefaults = ReadonlyMap<string, string | null>;

/** The defaults of the custom fields in the answer of `subnets/custom_fields/` or `addresses/custom_fields/`. */
export function customFieldDefaults(data: unknown): CustomFieldDefaults {
  const defaults = new Map<string, string | null>();
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return defaults;
  for (const [name, field] of Object.entries(data as Record<string, unknown>)) {
    const value =
      field !== null && typeof field === 'object' ? (field as Record<string, unknown>).Default : null;
    defaults.set(name, value === null || value === undefined ? null : textOf(value));
  }
  return defaults;
}

/**
 * "Name: value" lines for a row's custom fields, flat `custom_*` keys or nested under `custom_fields`
 * when the API app nests them (quirk 15). Empty fields and fields at their default (a bool's 0) are left
 * out: they say nothing about this object.
 */
export function customFieldLines(row: PhpipamRow, defaults: CustomFieldDefaults): string[] {
  const nested = row.custom_fields;
  const fields = new Map<string, unknown>(Object.entries(row).filter(([name]) => name.startsWith('custom_')));
  fields.delete('custom_fields');
  if (nested !== null && typeof nested === 'object' && !Array.isArray(nested)) {
    for (const [name, value] of Object.entries(nested as Record<string, unknown>)) fields.set(name, value);
  }
  const lines: string[] = [];
  for (const [name, value] of fields) {
    const text = textOf(value).trim();
    if (text === '' || text === defaults.get(name)) continue;
    lines.push(`${name.replace(/^custom_/, '')}: ${text}`);
  }
  return lines;
}

/** What an address tag (phpIPAM's state) becomes here. */
export interface PhpipamTag {
  status: AddressStatus;
  /** The name of a tag an admin added, kept in the description since no status says it; null for built-ins. */
  addedName: string | null;
}

/** The four tags every phpIPAM ships, by name (ids beyond 4 are tags admins added, quirk: States). */
const BUILT_IN_TAGS: Readonly<Record<string, AddressStatus>> = {
  used: 'In Use',
  offline: 'Available',
  reserved: 'Reserved',
  dhcp: 'Reserved',
};

/**
 * Tag id → what it becomes, from `addresses/tags/`. Built-in tags map by name, not id, since ids are
 * only conventional. A tag an admin added becomes In Use: the address is taken by something, and
 * importing it as Available would let this product hand it out again; its name goes to the description.
 */
export function tagsById(rows: readonly PhpipamRow[]): Map<string, PhpipamTag> {
  const tags = new Map<string, PhpipamTag>();
  for (const row of rows) {
    const id = idOf(row.id);
    if (id === null) continue;
    const name = textOf(row.type).trim();
    const status = BUILT_IN_TAGS[name.toLowerCase()];
    tags.set(id, status ? { status, addedName: null } : { status: 'In Use', addedName: name || `tag ${id}` });
  }
  return tags;
}

/** An address without a tag, or with one that is gone: phpIPAM's own default tag, Used. */
export const DEFAULT_TAG: PhpipamTag = { status: 'In Use', addedName: null };
