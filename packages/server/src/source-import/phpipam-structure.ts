import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '@ipam/core/schemas/common-fields';
import type { SourceGroup, SourceStructure, SourceSubnet, SourceVrf } from './source-model.js';
import {
  capped,
  cidrOf,
  customFieldLines,
  idOf,
  isOn,
  textOf,
  wholeNumberOf,
  type CustomFieldDefaults,
  type PhpipamRow,
} from './phpipam-rows.js';

/** The answers a phpIPAM structure is built from. */
export interface PhpipamStructureRows {
  sections: readonly PhpipamRow[];
  /** The rows of every section's `sections/{id}/subnets/`: its subnets and its folders, all levels. */
  subnets: readonly PhpipamRow[];
  /** `vrf/` (`vrfId`) or `vrfs/` (`id`): both are read (quirk 6). */
  vrfs: readonly PhpipamRow[];
  /** `vlan/` (`vlanId`) or `vlans/` (`id`). */
  vlans: readonly PhpipamRow[];
  subnetFieldDefaults: CustomFieldDefaults;
}

/** Group keys: sections and folders share one kind here but not one id sequence in phpIPAM. */
export const sectionKey = (id: string) => `section:${id}`;
export const folderKey = (id: string) => `folder:${id}`;

/** Whether a row of `sections/{id}/subnets/` is a folder (quirk 5), not a subnet. */
export function isFolderRow(row: PhpipamRow): boolean {
  return isOn(row.isFolder);
}

/** Items ordered so that every parent comes before its children (a cycle or a dangling parent: top). */
function parentsFirst<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  parentOf: (item: T) => string | null,
): T[] {
  const byKey = new Map(items.map((item) => [keyOf(item), item]));
  const depth = (item: T) => {
    let steps = 0;
    for (let parent = parentOf(item); parent !== null && steps <= items.length; steps++) {
      const next = byKey.get(parent);
      parent = next === undefined ? null : parentOf(next);
    }
    return steps;
  };
  return items
    .map((item, index) => ({ item, index, depth: depth(item) }))
    .sort((a, b) => a.depth - b.depth || a.index - b.index)
    .map(({ item }) => item);
}

/** A VRF; `/vrf/` calls its id `vrfId`, `/vrfs/` calls it `id`. */
function toVrf(row: PhpipamRow): SourceVrf | null {
  const key = idOf(row.vrfId ?? row.id);
  if (key === null) return null;
  const rd = textOf(row.rd).trim();
  return {
    key,
    label: `phpIPAM VRF ${key}`,
    name: capped(textOf(row.name).trim() || `VRF ${key}`, MAX_NAME_LENGTH),
    rd: rd === '' ? null : rd,
    description: capped(textOf(row.description).trim(), MAX_DESCRIPTION_LENGTH),
  };
}

/** VLAN object id → VLAN number (a subnet's `vlanId` is the object's id, quirk 6). */
function vlanNumbers(rows: readonly PhpipamRow[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const row of rows) {
    const id = idOf(row.vlanId ?? row.id);
    const number = wholeNumberOf(row.number);
    if (id !== null && number !== null) numbers.set(id, number);
  }
  return numbers;
}

/**
 * The subnets, folders and sections of phpIPAM as this product's VRFs, groups and subnets. Sections
 * become groups (nested by `masterSection`), folders become groups in their folder or section, and a
 * subnet lands in the nearest folder above it, else in its section: the subnets themselves nest by
 * address here, so only folders and sections make groups. A VRF or VLAN id that is not among the
 * VRFs or VLANs read (deleted, or hidden from the API app) counts as none.
 */
export function buildPhpipamStructure(rows: PhpipamStructureRows): SourceStructure {
  const vrfs = rows.vrfs.map(toVrf).filter((vrf): vrf is SourceVrf => vrf !== null);
  const vrfKeys = new Set(vrfs.map((vrf) => vrf.key));
  const vlans = vlanNumbers(rows.vlans);

  const sectionIds = new Set(rows.sections.map((row) => idOf(row.id)).filter((id) => id !== null));
  const sections: SourceGroup[] = [];
  for (const row of rows.sections) {
    const id = idOf(row.id);
    if (id === null) continue;
    const master = idOf(row.masterSection);
    sections.push({
      key: sectionKey(id),
      label: `phpIPAM section ${id}`,
      name: capped(textOf(row.name).trim() || `Section ${id}`, MAX_NAME_LENGTH),
      description: capped(textOf(row.description).trim(), MAX_DESCRIPTION_LENGTH),
      parentKey: master !== null && master !== id && sectionIds.has(master) ? sectionKey(master) : null,
    });
  }

  const byId = new Map<string, PhpipamRow>();
  for (const row of rows.subnets) {
    const id = idOf(row.id);
    if (id !== null) byId.set(id, row);
  }
  /** The group of a row: the nearest folder above it, else its section. */
  const groupOf = (row: PhpipamRow): string | null => {
    let parentId = idOf(row.masterSubnetId);
    for (let steps = 0; parentId !== null && steps <= byId.size; steps++) {
      const parent = byId.get(parentId);
      if (parent === undefined) break;
      if (isFolderRow(parent)) return folderKey(parentId);
      parentId = idOf(parent.masterSubnetId);
    }
    const section = idOf(row.sectionId);
    return section !== null && sectionIds.has(section) ? sectionKey(section) : null;
  };

  const folders: SourceGroup[] = [];
  const subnets: SourceSubnet[] = [];
  for (const [id, row] of byId) {
    const description = textOf(row.description).trim();
    if (isFolderRow(row)) {
      folders.push({
        key: folderKey(id),
        label: `phpIPAM folder ${id}`,
        name: capped(description || `Folder ${id}`, MAX_NAME_LENGTH),
        description: '',
        parentKey: groupOf(row),
      });
      continue;
    }
    const cidr = cidrOf(row);
    const vrfId = idOf(row.vrfId);
    const vlanId = idOf(row.vlanId);
    // The name holds at most 100 characters; a longer phpIPAM description is kept whole below it.
    const details = description.length > MAX_NAME_LENGTH ? [description] : [];
    details.push(...customFieldLines(row, rows.subnetFieldDefaults));
    subnets.push({
      key: id,
      vrfKey: vrfId !== null && vrfKeys.has(vrfId) ? vrfId : null,
      groupKey: groupOf(row),
      cidr,
      // phpIPAM has no container flag (isPool marks an address pool, isFull a full subnet): the
      // engine makes a container of every subnet another one nests in.
      isContainer: false,
      name: capped(description || cidr, MAX_NAME_LENGTH),
      description: capped(details.join('\n'), MAX_DESCRIPTION_LENGTH),
      vlan: vlanId === null ? null : (vlans.get(vlanId) ?? null),
      scanned: isOn(row.pingSubnet) || isOn(row.discoverSubnet),
      label: `phpIPAM subnet ${id}`,
    });
  }

  const groups = [
    ...parentsFirst(
      sections,
      (group) => group.key,
      (group) => group.parentKey,
    ),
    ...parentsFirst(
      folders,
      (group) => group.key,
      (group) => group.parentKey,
    ),
  ];
  return { vrfs, groups, subnets };
}
