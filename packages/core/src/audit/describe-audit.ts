import { AUDIT_ENTITIES, COMMON_FIELDS, type AuditEntity, type AuditField } from './audit-table.js';
import {
  humanize,
  nameOf,
  plainValue,
  refValue,
  type AuditContext,
  type AuditRefKind,
  type ValueFormat,
} from './audit-values.js';

/** What describing an entry reads of it (the API's audit item has these and more). */
export interface AuditEntryView {
  action: string;
  entity: string;
  entityId: string;
  subnetId: string | null;
  before: unknown;
  after: unknown;
}

/** One field of a change: its label and its value before and after (null where it had none). */
export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/** An object an entry names by id, for the server to look up. */
export interface AuditReference {
  kind: AuditRefKind;
  id: string;
}

const ACTION_VERBS: Readonly<Record<string, string>> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  import: 'imported',
};

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function entityOf(entity: string): AuditEntity {
  return AUDIT_ENTITIES[entity] ?? { label: humanize(entity), fields: {} };
}

function fieldOf(entity: AuditEntity, field: string): AuditField {
  return entity.fields[field] ?? COMMON_FIELDS[field] ?? { label: humanize(field) };
}

function formatOf(spec: AuditField): ValueFormat {
  if (spec.format) return spec.format;
  return spec.refers ? refValue(spec.refers) : plainValue;
}

/** A create or delete lists what the object held, not its empty or unset fields (nor an import's zero counts). */
function isWorthListing(value: unknown, isImport: boolean): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (isImport && value === 0) return false;
  return value !== '' && value !== null && value !== undefined && value !== false;
}

/**
 * The fields a change touched, labelled and shown as people read them: for an edit the fields whose
 * value differs, for a create the fields it set, for a delete the fields it removed; a record (a
 * scan's figures, an approval's findings) lists what it holds as the "after" side.
 */
export function fieldChanges(
  item: Pick<AuditEntryView, 'action' | 'entity' | 'before' | 'after'>,
  ctx: AuditContext,
): FieldChange[] {
  const entity = entityOf(item.entity);
  const before = asRecord(item.before);
  const after = asRecord(item.after);
  const isEdit =
    item.before !== null && item.before !== undefined && item.after !== null && item.after !== undefined;
  const hasAfter = item.after !== null && item.after !== undefined;
  const written = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const order = Object.keys(entity.fields);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const fields = entity.isRecord ? written.sort((a, b) => rank(a) - rank(b)) : written;
  return fields.flatMap((field): FieldChange[] => {
    const spec = fieldOf(entity, field);
    if (spec.isHidden) return [];
    const show = (value: unknown) => (value === undefined ? null : formatOf(spec)(value, ctx));
    if (entity.isRecord) {
      // A record's No and 0 say something ("Scan complete: No", "Answered: 0"); its empty text does not.
      const value = field in after ? after[field] : before[field];
      const shown = value === null || value === '' ? null : show(value);
      return shown === null ? [] : [{ field, label: spec.label, before: null, after: shown }];
    }
    if (isEdit) {
      if (JSON.stringify(before[field]) === JSON.stringify(after[field])) return [];
      // A field that had no value (or lost it) reads "(none)", so both sides show.
      const old = show(before[field]) ?? '(none)';
      const now = show(after[field]) ?? '(none)';
      return old === now ? [] : [{ field, label: spec.label, before: old, after: now }];
    }
    const value = hasAfter ? after[field] : before[field];
    if (spec.isInSummary || value === spec.quiet || !isWorthListing(value, item.action === 'import'))
      return [];
    const shown = show(value);
    if (shown === null) return [];
    return [{ field, label: spec.label, before: hasAfter ? null : shown, after: hasAfter ? shown : null }];
  });
}

/** Every object an entry names by id (its subnet, the object itself, ids in its fields). */
export function auditReferences(item: AuditEntryView): AuditReference[] {
  const entity = entityOf(item.entity);
  const found: AuditReference[] = [];
  if (item.subnetId) found.push({ kind: 'subnet', id: item.subnetId });
  if (entity.entityRefers && item.action !== 'import')
    found.push({ kind: entity.entityRefers, id: item.entityId });
  for (const side of [asRecord(item.before), asRecord(item.after)]) {
    for (const [field, value] of Object.entries(side)) {
      const kind = fieldOf(entity, field).refers;
      if (!kind) continue;
      const ids = Array.isArray(value) ? value : [value];
      for (const id of ids) if (typeof id === 'string' && id !== '') found.push({ kind, id });
    }
  }
  return found;
}

function textField(source: Record<string, unknown>, key: string): string | null {
  const value = source[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** How the entry names its object: "10.0.0.7", "Office", "a@example.com", or null. */
function objectName(item: AuditEntryView, entity: AuditEntity, ctx: AuditContext): string | null {
  const sides = [asRecord(item.after), asRecord(item.before)];
  if (item.entity === 'address') return item.entityId;
  if (item.entity === 'calculation') {
    const calc = sides.find((side) => textField(side, 'ipAddress'));
    return calc ? `${String(calc.ipAddress)}/${String(calc.cidr)}` : null;
  }
  const subnets = asRecord(item.before).subnets;
  if (item.entity === 'plan_subnet' && Array.isArray(subnets)) {
    const first = asRecord(subnets[0]);
    return textField(first, 'name');
  }
  for (const side of sides) {
    const name = textField(side, 'name');
    // A subnet goes by its name and network: "LAN (10.0.0.0/24)".
    const length = side.bits ?? side.prefixLength;
    const network = textField(side, 'networkIP');
    if (name && network && typeof length === 'number') return `${name} (${network}/${length})`;
    for (const key of ['name', 'email', 'ipAddress']) {
      const value = textField(side, key);
      if (value) return value;
    }
  }
  return entity.entityRefers && ctx.names[item.entityId] ? (ctx.names[item.entityId] ?? null) : null;
}

/** What an import or a scan did, where the general sentence would not say it. */
function specialSummary(item: AuditEntryView, ctx: AuditContext): string | null {
  const after = asRecord(item.after);
  const subnetName = item.subnetId ? nameOf('subnet', item.subnetId, ctx) : null;
  if (item.action === 'import' && item.entity === 'address') {
    return subnetName ? `Addresses imported into ${subnetName}` : 'Addresses imported';
  }
  if (item.action === 'import' && item.entity === 'subnet') {
    const group = textField(asRecord(after.group), 'name');
    return group ? `Subnets imported into group ${group}` : 'Subnets imported';
  }
  if (item.entity === 'scan') {
    const of = nameOf('subnet', item.subnetId ?? item.entityId, ctx);
    return after.done === false ? `Scan of ${of}: partial results` : `Scan of ${of} finished`;
  }
  if (item.entity === 'plan' && typeof after.appliedToIpam === 'number') {
    return `Network plan ${nameOf('plan', item.entityId, ctx)} applied to IPAM`;
  }
  if (item.entity === 'plan_subnet' && typeof after.split === 'string')
    return `Planned subnet: ${after.split}`;
  return null;
}

/** What happened, in words: "Address 10.0.0.7 changed", "Subnet Office created", "Scan of LAN finished". */
export function changeSummary(item: AuditEntryView, ctx: AuditContext): string {
  const special = specialSummary(item, ctx);
  if (special) return special;
  const entity = entityOf(item.entity);
  const verb = entity.verbs?.[item.action] ?? ACTION_VERBS[item.action] ?? item.action;
  const name = objectName(item, entity, ctx);
  if (entity.phrase) return entity.phrase(name, verb);
  return name ? `${entity.label} ${name} ${verb}` : `${entity.label} ${verb}`;
}

/**
 * Who made the change: the user's e-mail (with the API token or program it came through, if any),
 * the acting program (e.g. "scanner HQ", "import from phpIPAM"), a removed user, or for approval
 * entries and scans without a named actor, the scanner.
 */
export function changeAuthor(item: {
  userEmail: string | null;
  userId: string | null;
  actor: string | null;
  entity: string;
}): string {
  if (item.userEmail) return item.actor ? `${item.userEmail} (${item.actor})` : item.userEmail;
  if (item.actor) return item.actor;
  if (item.userId) return 'A removed user';
  return item.entity.startsWith('approval') || item.entity === 'scan' ? 'Scanner' : 'System';
}
