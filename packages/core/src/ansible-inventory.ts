import type { Inventory, InventoryHost } from './api/inventory.js';

/** Ansible's host variables for one host (`ansible_host` and the IPAM's facts, prefixed `ipam_`). */
export type AnsibleHostVars = Record<string, string | number>;

/** One Ansible group of the dynamic inventory: its hosts and child groups. */
export interface AnsibleGroup {
  hosts?: string[];
  children?: string[];
}

/** Every host's variables, sent with `--list` so Ansible need not call `--host` per host. */
export interface AnsibleMeta {
  hostvars: Record<string, AnsibleHostVars>;
}

/** Ansible's dynamic-inventory JSON for `--list`: groups by name, and every host's variables. */
export interface AnsibleInventory {
  _meta: AnsibleMeta;
  [group: string]: AnsibleGroup | AnsibleMeta;
}

/** Names Ansible keeps for itself: a group of ours by one of these names gets a suffix. */
const RESERVED_GROUP_NAMES = new Set(['all', 'ungrouped', '_meta']);

/**
 * A name valid as an Ansible group: lower case, ASCII letters, digits and underscores, not starting
 * with a digit (Ansible warns of and rewrites any other character); never empty or reserved.
 */
export function ansibleGroupName(text: string): string {
  let name = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (name === '') name = 'group';
  if (/^[0-9]/.test(name)) name = `g_${name}`;
  if (RESERVED_GROUP_NAMES.has(name)) name = `${name}_group`;
  return name;
}

/** The Ansible group of a subnet: `subnet_` and its network/length (`subnet_10_0_0_0_24`). */
export function subnetGroupName(cidr: string): string {
  return `subnet_${cidr.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;
}

/** A host's variables: `ansible_host` (its address) and the IPAM's facts. */
export function hostVarsOf(host: InventoryHost, groupName: string): AnsibleHostVars {
  return {
    ansible_host: host.ipAddress,
    ipam_subnet: host.subnet,
    ipam_subnet_name: host.subnetName,
    ipam_vlan: host.vlanId,
    ipam_vrf: host.vrf,
    ipam_description: host.description,
    ipam_group: groupName,
  };
}

/** Gives each IPAM group a distinct Ansible name (a clash gets _2, _3, … in the order groups come). */
function groupNamesOf(inventory: Inventory): Map<string, string> {
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const group of inventory.groups) {
    const base = ansibleGroupName(group.name);
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
    taken.add(name);
    names.set(group.id, name);
  }
  return names;
}

/** Groups being built: members in sets (a host joins once, in the order first seen). */
type GroupSets = Map<string, { hosts: Set<string>; children: Set<string> }>;

function add(groups: GroupSets, name: string, part: 'hosts' | 'children', item: string): void {
  let group = groups.get(name);
  if (!group) {
    group = { hosts: new Set(), children: new Set() };
    groups.set(name, group);
  }
  group[part].add(item);
}

/** The groups as Ansible reads them: empty lists left out. */
function groupsJson(groups: GroupSets): Record<string, AnsibleGroup> {
  const json: Record<string, AnsibleGroup> = {};
  for (const [name, { hosts, children }] of groups) {
    json[name] = {
      ...(children.size > 0 ? { children: [...children] } : {}),
      ...(hosts.size > 0 ? { hosts: [...hosts] } : {}),
    };
  }
  return json;
}

/**
 * Ansible's `--list` answer: one group per IPAM group (nested as children, like the IPAM's tree) and
 * one per subnet (`subnet_…`), each host in its subnet's group and in its subnet group. A hostname
 * written on several addresses is one Ansible host: the first address (lowest subnet, then address)
 * gives its variables, and it joins every group of its addresses.
 */
export function ansibleInventory(inventory: Inventory): AnsibleInventory {
  const names = groupNamesOf(inventory);
  const groups: GroupSets = new Map();
  const hostvars: Record<string, AnsibleHostVars> = {};
  const known = new Set(inventory.groups.map((group) => group.id));
  const topLevel: string[] = [];
  for (const group of inventory.groups) {
    const name = names.get(group.id) ?? ansibleGroupName(group.name);
    if (!groups.has(name)) groups.set(name, { hosts: new Set(), children: new Set() });
    const parent =
      group.parentId !== null && known.has(group.parentId) ? names.get(group.parentId) : undefined;
    if (parent) add(groups, parent, 'children', name);
    else topLevel.push(name);
  }
  for (const host of inventory.hosts) {
    const groupName = names.get(host.groupId) ?? ansibleGroupName(host.groupId);
    hostvars[host.hostname] ??= hostVarsOf(host, groupName);
    add(groups, groupName, 'hosts', host.hostname);
    const subnetGroup = subnetGroupName(host.subnet);
    if (!groups.has(subnetGroup)) topLevel.push(subnetGroup);
    add(groups, subnetGroup, 'hosts', host.hostname);
  }
  return { ...groupsJson(groups), all: { children: ['ungrouped', ...topLevel] }, _meta: { hostvars } };
}

/** Ansible's `--host HOST` answer: the host's variables, `{}` for a host the inventory lacks. */
export function ansibleHostVars(inventory: Inventory, hostname: string): AnsibleHostVars {
  return ansibleInventory(inventory)._meta.hostvars[hostname] ?? {};
}
