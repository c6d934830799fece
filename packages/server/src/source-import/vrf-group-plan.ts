import { messages } from '@ipam/core/messages';
import { groupCreateSchema, MAX_GROUPS_PER_ACCOUNT } from '@ipam/core/schemas/group-schemas';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '@ipam/core/schemas/common-fields';
import { MAX_VRFS_PER_ACCOUNT, vrfCreateSchema } from '@ipam/core/schemas/vrf-schemas';
import { randomUUID } from 'node:crypto';
import type { GroupRecord } from '../groups/group-repository.js';
import type { VrfRecord } from '../vrfs/vrf-repository.js';
import type { ImportTally } from './import-tally.js';
import type { SourceGroup, SourceVrf } from './source-model.js';

/** What the import does with one VRF or group: its id here (planned for a new one) and its fields. */
export interface Planned<Fields> {
  outcome: 'imported' | 'updated' | 'unchanged' | 'skipped';
  /** The id here: the matched object's, or the one a new object gets; absent when skipped. */
  id?: string;
  fields: Fields;
}

export type VrfFields = { name: string; rd: string | null; description: string };
export type GroupFields = { name: string; description: string; parentId: string };

/** Cuts text to a field's limit (a source may allow more than this product). */
export function fitted(text: string | null | undefined, max: number): string {
  const trimmed = (text ?? '').trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1)}…`;
}

const nameKey = (name: string) => name.toLocaleLowerCase('en-US');

/**
 * Each source VRF against the account's (matched by name, without regard to case): unchanged, updated
 * (route distinguisher or description differ), or imported while the account's VRF limit allows.
 */
export function planVrfs(
  sourceVrfs: readonly SourceVrf[],
  existing: readonly VrfRecord[],
  tally: ImportTally,
): Map<string, Planned<VrfFields>> {
  const byName = new Map(existing.map((vrf) => [nameKey(vrf.name), vrf]));
  const plans = new Map<string, Planned<VrfFields>>();
  let count = existing.length;
  for (const source of sourceVrfs) {
    const name = fitted(source.name, MAX_NAME_LENGTH);
    const description = fitted(source.description, MAX_DESCRIPTION_LENGTH);
    let parsed = vrfCreateSchema.safeParse({ name, rd: source.rd || null, description });
    let note: string | undefined;
    if (!parsed.success && source.rd) {
      note = messages.sourceRdDropped(source.rd);
      parsed = vrfCreateSchema.safeParse({ name, rd: null, description });
    }
    const item = { kind: 'vrf' as const, source: source.label, object: name || source.label };
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? messages.invalidRequest;
      tally.add({ ...item, outcome: 'skipped', reason });
      plans.set(source.key, { outcome: 'skipped', fields: { name, rd: null, description } });
      continue;
    }
    const fields: VrfFields = {
      name: parsed.data.name,
      rd: parsed.data.rd,
      description: parsed.data.description,
    };
    const match = byName.get(nameKey(fields.name));
    if (match) {
      const changed = match.rd !== fields.rd || match.description !== fields.description;
      const outcome = changed ? 'updated' : 'unchanged';
      tally.add({ ...item, outcome, ...(note ? { reason: note } : {}) });
      plans.set(source.key, { outcome, id: match.id, fields: { ...fields, name: match.name } });
      continue;
    }
    if (count >= MAX_VRFS_PER_ACCOUNT) {
      tally.add({ ...item, outcome: 'skipped', reason: messages.vrfLimitReached(MAX_VRFS_PER_ACCOUNT) });
      plans.set(source.key, { outcome: 'skipped', fields });
      continue;
    }
    count += 1;
    const id = randomUUID();
    byName.set(nameKey(fields.name), { ...fields, id, isDefault: false, updatedDate: '', updatedBy: null });
    tally.add({ ...item, outcome: 'imported', ...(note ? { reason: note } : {}) });
    plans.set(source.key, { outcome: 'imported', id, fields });
  }
  return plans;
}

/** Source groups parents first (a group whose parent is missing from the source goes to the top). */
function parentsFirst(groups: readonly SourceGroup[]): SourceGroup[] {
  const byKey = new Map(groups.map((group) => [group.key, group]));
  const ordered: SourceGroup[] = [];
  const seen = new Set<string>();
  const visit = (group: SourceGroup, path: Set<string>) => {
    if (seen.has(group.key)) return;
    const parent = group.parentKey === null ? undefined : byKey.get(group.parentKey);
    // A cycle in the source's nesting is broken where it closes.
    if (parent && !path.has(parent.key)) visit(parent, new Set([...path, group.key]));
    seen.add(group.key);
    ordered.push(group);
  };
  for (const group of groups) visit(group, new Set([group.key]));
  return ordered;
}

/**
 * Each source group (plus the import's default group, key null, when named) against the
 * account's groups, matched by name under the same parent: unchanged, updated (description) or imported
 * while the group limit allows. A skipped group's subnets go to the default group.
 */
export function planGroups(
  sourceGroups: readonly SourceGroup[],
  defaultGroupName: string | null,
  existing: readonly GroupRecord[],
  tally: ImportTally,
): Map<string | null, Planned<GroupFields>> {
  const byParentAndName = new Map(
    existing.map((group) => [`${group.parentId}|${nameKey(group.name)}`, group]),
  );
  const plans = new Map<string | null, Planned<GroupFields>>();
  let count = existing.length;
  const defaultSource: SourceGroup = {
    key: '',
    label: `${defaultGroupName ?? ''} (for subnets without a group)`,
    name: defaultGroupName ?? '',
    description: '',
    parentKey: null,
  };
  const sources =
    defaultGroupName === null ? parentsFirst(sourceGroups) : [defaultSource, ...parentsFirst(sourceGroups)];
  for (const source of sources) {
    const planKey = source === defaultSource ? null : source.key;
    const parentId =
      source.parentKey === null ? '' : (plans.get(source.parentKey)?.id ?? plans.get(null)?.id ?? '');
    const parsed = groupCreateSchema.safeParse({
      name: fitted(source.name, MAX_NAME_LENGTH),
      description: fitted(source.description, MAX_DESCRIPTION_LENGTH),
    });
    const item = { kind: 'group' as const, source: source.label, object: source.name || source.label };
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? messages.invalidRequest;
      tally.add({ ...item, outcome: 'skipped', reason });
      plans.set(planKey, { outcome: 'skipped', fields: { name: source.name, description: '', parentId } });
      continue;
    }
    const fields: GroupFields = { name: parsed.data.name, description: parsed.data.description, parentId };
    const match = byParentAndName.get(`${parentId}|${nameKey(fields.name)}`);
    if (match) {
      // The default group keeps whatever description people gave it here.
      const changed = planKey !== null && match.description !== fields.description;
      const outcome = changed ? 'updated' : 'unchanged';
      tally.add({ ...item, outcome });
      plans.set(planKey, { outcome, id: match.id, fields: { ...fields, name: match.name } });
      continue;
    }
    if (count >= MAX_GROUPS_PER_ACCOUNT) {
      tally.add({ ...item, outcome: 'skipped', reason: messages.groupLimitReached(MAX_GROUPS_PER_ACCOUNT) });
      plans.set(planKey, { outcome: 'skipped', fields });
      continue;
    }
    count += 1;
    const id = randomUUID();
    byParentAndName.set(`${parentId}|${nameKey(fields.name)}`, {
      ...fields,
      id,
      updatedDate: '',
      updatedBy: null,
    });
    tally.add({ ...item, outcome: 'imported' });
    plans.set(planKey, { outcome: 'imported', id, fields });
  }
  return plans;
}
