import { tierName } from '../tiers.js';

/** The kinds of object an audit entry can name by id, which the server resolves to names. */
export const AUDIT_REF_KINDS = ['group', 'vrf', 'subnet', 'scanner', 'plan', 'planSubnet', 'invite'] as const;
export type AuditRefKind = (typeof AUDIT_REF_KINDS)[number];

/** How a value is shown to a person: the locale for dates and numbers, and names for ids. */
export interface AuditContext {
  /** Display names of the objects entries refer to by id, as they are now (absent: removed). */
  names: Readonly<Record<string, string>>;
  /** BCP 47 locale; undefined: the runtime's (the browser's in the web). */
  locale?: string | undefined;
  /** IANA time zone; undefined: the runtime's. Tests pin it. */
  timeZone?: string | undefined;
}

/** Shows one value; null when there is nothing to show. */
export type ValueFormat = (value: unknown, ctx: AuditContext) => string | null;

/** How an object that no longer exists is named. */
const REMOVED: Record<AuditRefKind, string> = {
  group: 'a removed group',
  vrf: 'a removed VRF',
  subnet: 'a removed subnet',
  scanner: 'a removed scanner',
  plan: 'a removed plan',
  planSubnet: 'a removed planned subnet',
  invite: 'a withdrawn invitation',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "past_due" → "Past due", "autoCalculateDetails" → "Auto calculate details". */
export function humanize(text: string): string {
  const words = text
    .replace(/[_-]/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Text as it is ('' reads "(empty)"), numbers in the locale, booleans Yes/No, lists comma-separated. */
export const plainValue: ValueFormat = (value, ctx) => {
  if (value === undefined || value === null) return null;
  if (value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString(ctx.locale);
  if (typeof value === 'string' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    return value.map((entry) => plainValue(entry, ctx) ?? '(none)').join(', ');
  }
  if (isRecord(value)) {
    const parts = Object.entries(value).flatMap(([key, entry]) => {
      const shown = plainValue(entry, ctx);
      return shown === null ? [] : [`${humanize(key)}: ${shown}`];
    });
    return parts.join(', ');
  }
  return JSON.stringify(value);
};

/** An ISO time in the reader's locale and time zone ("26 Dec 2026, 03:28"); other text as it is. */
export const dateValue: ValueFormat = (value, ctx) => {
  if (typeof value !== 'string' || value === '') return plainValue(value, ctx);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(ctx.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: ctx.timeZone,
  }).format(date);
};

/** One of a fixed set of codes, by its label (an unknown code humanized). */
export function choiceValue(labels: Readonly<Record<string, string>>): ValueFormat {
  return (value, ctx) =>
    typeof value === 'string' && value !== '' ? (labels[value] ?? humanize(value)) : plainValue(value, ctx);
}

/** A prefix length as people write it: "/24", "/112" (IPv4 and IPv6 alike). */
export const prefixValue: ValueFormat = (value, ctx) =>
  typeof value === 'number' ? `/${value}` : plainValue(value, ctx);

/** "IPv4" / "IPv6" for 4 / 6. */
export const ipVersionValue: ValueFormat = (value, ctx) =>
  value === 4 || value === 6 ? `IPv${value}` : plainValue(value, ctx);

/** A period in hours: "Every 24 hours", "Every hour". */
export const hoursValue: ValueFormat = (value, ctx) => {
  if (typeof value !== 'number') return plainValue(value, ctx);
  return value === 1 ? 'Every hour' : `Every ${value.toLocaleString(ctx.locale)} hours`;
};

/** A number of days after which something is marked, or null for never: "After 30 days", "Off". */
export const daysValue: ValueFormat = (value, ctx) => {
  if (value === null) return 'Off';
  if (typeof value !== 'number') return plainValue(value, ctx);
  return value === 1 ? 'After 1 day' : `After ${value.toLocaleString(ctx.locale)} days`;
};

/** A period in seconds: "Every 60 seconds". */
export const secondsValue: ValueFormat = (value, ctx) =>
  typeof value === 'number' ? `Every ${value.toLocaleString(ctx.locale)} seconds` : plainValue(value, ctx);

/** A tier by its name: 2 → "Business". */
export const tierValue: ValueFormat = (value, ctx) =>
  typeof value === 'number' ? tierName(value) : plainValue(value, ctx);

/** A planned subnet's sizing: "12 hosts now, 20 % growth, notes: printers". */
export const planningValue: ValueFormat = (value, ctx) => {
  if (!isRecord(value)) return plainValue(value, ctx);
  const { currentHosts, plannedGrowth, notes } = value;
  const parts = [
    typeof currentHosts === 'number' ? `${currentHosts.toLocaleString(ctx.locale)} hosts now` : null,
    typeof plannedGrowth === 'number' ? `${plannedGrowth.toLocaleString(ctx.locale)} % growth` : null,
    typeof notes === 'string' && notes !== '' ? `notes: ${notes}` : null,
  ];
  return parts.filter((part) => part !== null).join(', ');
};

/** The name of the object with this id, or how a removed one reads. */
export function nameOf(kind: AuditRefKind, id: string, ctx: AuditContext): string {
  return ctx.names[id] ?? REMOVED[kind];
}

/** An id (or a list of ids) of `kind`, by name; '' or null reads `none`. */
export function refValue(kind: AuditRefKind, none = '(none)'): ValueFormat {
  return (value, ctx) => {
    if (value === '' || value === null) return none;
    if (typeof value === 'string') return nameOf(kind, value, ctx);
    if (Array.isArray(value)) {
      if (value.length === 0) return none;
      return value.map((id) => (typeof id === 'string' ? nameOf(kind, id, ctx) : String(id))).join(', ');
    }
    return plainValue(value, ctx);
  };
}

/** An object's `name` field ({ id, name } summaries), else the value as it is. */
export const namedValue: ValueFormat = (value, ctx) =>
  isRecord(value) && typeof value.name === 'string' ? value.name : plainValue(value, ctx);

/** A planned subnet's VLAN: "10 (Servers)". */
export const planVlanValue: ValueFormat = (value, ctx) => {
  if (!isRecord(value)) return plainValue(value, ctx) ?? '(none)';
  const { id, name } = value;
  return typeof name === 'string' && name !== '' ? `${String(id)} (${name})` : String(id);
};

/** A planned subnet's reserved addresses: "10.0.0.1 (gateway), 10.0.0.2". */
export const reservedAddressesValue: ValueFormat = (value, ctx) => {
  if (!Array.isArray(value)) return plainValue(value, ctx);
  if (value.length === 0) return '(none)';
  return value
    .map((entry) => {
      if (!isRecord(entry)) return String(entry);
      const { address, type } = entry;
      return typeof type === 'string' && type !== '' ? `${String(address)} (${type})` : String(address);
    })
    .join(', ');
};

/** Planned subnets listed by name and network: "LAN (10.0.0.0/24), DMZ (10.0.1.0/26)". */
export const planSubnetsValue: ValueFormat = (value, ctx) => {
  if (!Array.isArray(value)) return plainValue(value, ctx);
  return value
    .map((entry) => {
      if (!isRecord(entry)) return String(entry);
      const { name, networkAddress, cidr } = entry;
      return networkAddress === undefined
        ? String(name)
        : `${String(name)} (${String(networkAddress)}/${String(cidr)})`;
    })
    .join(', ');
};
