import type { AuditItem } from '@ipam/core/api/ipam';

/** One field of a change: its label and its value before and after (null where it had none). */
export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/** Bookkeeping fields every record carries; they change with every edit and say nothing new. */
const HIDDEN_FIELDS = new Set(['id', 'updatedDate', 'updatedBy', 'createdAt', 'updatedAt', 'accountId']);

/** Fields holding another object's id: shown by name where known, and only when an edit changes them. */
const ID_FIELDS = new Set(['groupId', 'parentId', 'planId', 'parentSubnetId']);

const FIELD_LABELS: Record<string, string> = {
  ipAddress: 'IP Address',
  status: 'Status',
  hostname: 'Hostname',
  description: 'Description',
  allowScannerUpdate: 'Allow scanner updates',
  name: 'Name',
  vlanId: 'VLAN ID',
  groupId: 'Group',
  parentId: 'Parent group',
  networkIP: 'Network IP',
  bits: 'Bits',
  prefixLength: 'Prefix length',
  scanningType: 'Scanning',
  scanFrequency: 'Scan frequency (hours)',
  lastScanned: 'Last scanned',
  scanNow: 'Scan now',
  version: 'IP version',
  email: 'E-mail',
  recommendation: 'Recommendation',
};

const ENTITY_LABELS: Record<string, string> = {
  address: 'Address',
  subnet: 'Subnet',
  group: 'Group',
  approval: 'Approval',
  scan: 'Scan',
  scanner: 'Scanner',
  'scanner-key': 'Scanner key',
  member: 'Member',
  invite: 'Invite',
  calculation: 'Calculation',
  plan: 'Network plan',
  plan_subnet: 'Plan subnet',
  account: 'Account',
  checkout_session: 'Checkout',
  token: 'API token',
};

/** What an import brings in, by the entity its audit entry names. */
const IMPORTED_LABELS: Record<string, string> = { address: 'Addresses', subnet: 'Subnets' };

const ACTION_LABELS: Record<string, string> = { create: 'created', update: 'changed', delete: 'deleted' };

/** "allowScannerUpdate" → "Allow scanner update" for fields without a label of their own. */
function labelOf(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/[_-]/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as one line of text: '' is "(empty)", booleans Yes/No, objects as compact JSON. */
export function formatValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A create or delete lists what the object held, not its empty or unset fields nor its links by id. */
function isWorthListing(field: string, value: unknown): boolean {
  return !ID_FIELDS.has(field) && value !== '' && value !== null && value !== undefined && value !== false;
}

/**
 * The fields a change touched, before → after: for an edit the fields whose value differs, for a
 * create the fields it set, for a delete the fields it removed. `names` turns ids (a group's) into names.
 */
export function fieldChanges(
  item: Pick<AuditItem, 'before' | 'after'>,
  names: ReadonlyMap<string, string> = new Map(),
): FieldChange[] {
  const before = asRecord(item.before);
  const after = asRecord(item.after);
  const hasBefore = item.before !== null && item.before !== undefined;
  const hasAfter = item.after !== null && item.after !== undefined;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => !HIDDEN_FIELDS.has(field),
  );
  const shown = (field: string, value: unknown) =>
    ID_FIELDS.has(field) && typeof value === 'string' && value !== ''
      ? (names.get(value) ?? value)
      : formatValue(value);
  return fields.flatMap((field) => {
    if (hasBefore && hasAfter) {
      if (JSON.stringify(before[field]) === JSON.stringify(after[field])) return [];
    } else if (!isWorthListing(field, hasAfter ? after[field] : before[field])) {
      return [];
    }
    // In an edit a field that had no value (or lost it) reads "(none)", so both sides show.
    const none = hasBefore && hasAfter ? '(none)' : null;
    const old = shown(field, before[field]) ?? none;
    const now = shown(field, after[field]) ?? none;
    if (old === null && now === null) return [];
    return [{ field, label: labelOf(field), before: old, after: now }];
  });
}

/**
 * Who made the change: the user's e-mail (with the API token it came through, if any), the acting
 * program (e.g. "scanner HQ"), a removed user, or for approval entries and scans without a named
 * actor, the scanner.
 */
export function changeAuthor(item: Pick<AuditItem, 'userEmail' | 'userId' | 'actor' | 'entity'>): string {
  if (item.userEmail) return item.actor ? `${item.userEmail} (${item.actor})` : item.userEmail;
  if (item.actor) return item.actor;
  if (item.userId) return 'A removed user';
  return item.entity === 'approval' || item.entity === 'scan' ? 'Scanner' : 'System';
}

function nameOf(item: Pick<AuditItem, 'before' | 'after'>): string | null {
  for (const source of [asRecord(item.after), asRecord(item.before)]) {
    for (const key of ['name', 'ipAddress', 'email']) {
      const value = source[key];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return null;
}

/** What happened, in words: "Address 10.0.0.7 changed", "Subnet Office created". */
export function changeSummary(
  item: Pick<AuditItem, 'action' | 'entity' | 'entityId' | 'before' | 'after'>,
): string {
  if (item.action === 'import') return `${IMPORTED_LABELS[item.entity] ?? labelOf(item.entity)} imported`;
  const entity = ENTITY_LABELS[item.entity] ?? labelOf(item.entity);
  const name = item.entity === 'address' ? item.entityId : nameOf(item);
  const action = ACTION_LABELS[item.action] ?? item.action;
  return name ? `${entity} ${name} ${action}` : `${entity} ${action}`;
}
