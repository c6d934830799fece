import { formatPrefix, parseCidr } from '@ipam/core/cidr';
import { messages } from '@ipam/core/messages';
import { prefixLast, type Prefix } from '@ipam/core/prefix';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '@ipam/core/schemas/common-fields';
import {
  ipv4SubnetCreateSchema,
  ipv6SubnetCreateSchema,
  type SubnetKind,
} from '@ipam/core/schemas/subnet-schemas';
import { IPV6_LEAF_MIN_PREFIX } from '@ipam/core/subnet-size-rules';
import { holds, placementConflict, type PlacedSubnet } from '@ipam/core/subnet-placement';
import { DEFAULT_IMPORT_VLAN_ID } from '@ipam/core/table-files';
import { randomUUID } from 'node:crypto';
import type { AccountRecord } from '../accounts/account-repository.js';
import { DomainError } from '../errors/domain-error.js';
import type { SubnetRecord } from '../subnets/subnet-repository.js';
import { networkText, subnetPrefix } from '../subnets/subnet-rules.js';
import type { ImportTally } from './import-tally.js';
import { fitted, type GroupFields, type Planned, type VrfFields } from './vrf-group-plan.js';
import type { SourceSubnet } from './source-model.js';

/** The hours between scans of a subnet the source scanned (imported as scanning with approval). */
export const IMPORTED_SCAN_FREQUENCY = 24;

/** The fields a subnet is written with (create or update). */
export type SubnetFields = Pick<
  SubnetRecord,
  'name' | 'vlanId' | 'description' | 'groupId' | 'scanningType' | 'scanFrequency' | 'kind' | 'vrfId'
> & { prefix: Prefix };

/** What the import does with one source subnet. */
export interface SubnetPlan {
  source: SourceSubnet;
  outcome: 'imported' | 'updated' | 'unchanged' | 'skipped';
  /** How the report names it: "10.1.10.0/24" or "192.168.1.0/24 (CUST-A)". */
  object: string;
  /** Where it is: its prefix and VRF here (absent when neither could be read). */
  prefix?: Prefix;
  vrfId?: string;
  /** Its id here (the matched subnet's, or the one a new subnet gets); absent when skipped. */
  id?: string;
  fields?: SubnetFields;
  /** The matched subnet as stored (an update or unchanged). */
  before?: SubnetRecord;
}

type AccountRights = Pick<AccountRecord, 'tier' | 'ipv6PrefixMin' | 'ipv6PrefixMax' | 'maxnetworks'>;

/** A subnet already placed while planning: the account's, or one of the source to import. */
type Placed = PlacedSubnet & { plan?: SubnetPlan };

const areaKey = (vrfId: string, prefix: Prefix) => `${vrfId}|${prefix.version}`;
const prefixKey = (prefix: Prefix) => `${prefix.network}/${prefix.length}`;

function byNetworkThenLength(a: { prefix: Prefix }, b: { prefix: Prefix }): number {
  if (a.prefix.network !== b.prefix.network) return a.prefix.network < b.prefix.network ? -1 : 1;
  return a.prefix.length - b.prefix.length;
}

/** The subnets of one VRF and version, found by prefix in constant time (enclosing lookups). */
class Area {
  readonly byPrefix = new Map<string, Placed>();
  /** The account's subnets, by network, to find those inside a candidate by binary search. */
  sortedExisting: Placed[] = [];

  enclosing(prefix: Prefix): Placed[] {
    const found: Placed[] = [];
    for (let length = prefix.length; length >= 0; length--) {
      const hostBits = BigInt((prefix.version === 4 ? 32 : 128) - length);
      const hit = this.byPrefix.get(`${(prefix.network >> hostBits) << hostBits}/${length}`);
      if (hit) found.push(hit);
    }
    return found;
  }

  /** The account's subnets inside `prefix` (source subnets come parents first, so none is inside yet). */
  inside(prefix: Prefix): Placed[] {
    const list = this.sortedExisting;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((list[mid]?.prefix.network ?? 0n) < prefix.network) low = mid + 1;
      else high = mid;
    }
    const found: Placed[] = [];
    const last = prefixLast(prefix);
    for (let i = low; i < list.length; i++) {
      const other = list[i];
      if (!other || other.prefix.network > last) break;
      if (holds(prefix, other.prefix)) found.push(other);
    }
    return found;
  }
}

/** Which source subnets hold another source subnet of their VRF and version: those become containers. */
function holdersOf(parsed: readonly { prefix: Prefix; area: string; key: string }[]): Set<string> {
  const holders = new Set<string>();
  const byArea = new Map<string, { prefix: Prefix; key: string }[]>();
  for (const entry of parsed) {
    let list = byArea.get(entry.area);
    if (!list) byArea.set(entry.area, (list = []));
    list.push(entry);
  }
  for (const list of byArea.values()) {
    list.sort(byNetworkThenLength);
    // Walk in network order with a stack of the open prefixes: whatever starts inside the top holds it.
    const open: { prefix: Prefix; key: string }[] = [];
    for (const entry of list) {
      while (open.length > 0 && !holds(open[open.length - 1]!.prefix, entry.prefix)) open.pop();
      const top = open[open.length - 1];
      if (top && top.prefix.length < entry.prefix.length) holders.add(top.key);
      open.push(entry);
    }
  }
  return holders;
}

/**
 * Each source subnet against the account's subnets and the other source subnets, under this product's
 * rules: the tier's prefix lengths, the nesting rule of a VRF (placed parents first), the subnet limit.
 * The same VRF and network as a subnet here is an update (or unchanged); a subnet that holds another
 * source subnet becomes a container.
 */
export function planSubnets(input: {
  subnets: readonly SourceSubnet[];
  vrfPlans: ReadonlyMap<string, Planned<VrfFields>>;
  globalVrfId: string;
  groupPlans: ReadonlyMap<string | null, Planned<GroupFields>>;
  existing: readonly SubnetRecord[];
  account: AccountRights;
  tally: ImportTally;
}): SubnetPlan[] {
  const { vrfPlans, groupPlans, account, tally } = input;
  const skip = (plan: SubnetPlan, reason: string) => {
    tally.add({ kind: 'subnet', source: plan.source.label, object: plan.object, outcome: 'skipped', reason });
    plan.outcome = 'skipped';
    return plan;
  };
  const plans: SubnetPlan[] = [];
  const parsed: { plan: SubnetPlan; prefix: Prefix; vrfId: string; area: string; key: string }[] = [];
  for (const source of input.subnets) {
    const vrf = source.vrfKey === null ? undefined : vrfPlans.get(source.vrfKey);
    const vrfId = source.vrfKey === null ? input.globalVrfId : vrf?.id;
    const vrfName = source.vrfKey === null ? null : (vrf?.fields.name ?? source.vrfKey);
    const prefix = parseCidr(source.cidr.trim());
    const object = `${prefix ? formatPrefix(prefix) : source.cidr}${vrfName ? ` (${vrfName})` : ''}`;
    const plan: SubnetPlan = { source, outcome: 'skipped', object };
    plans.push(plan);
    if (prefix === null) skip(plan, messages.sourceCidrInvalid(source.cidr));
    else if (vrfId === undefined) skip(plan, messages.sourceVrfSkipped(vrfName ?? source.vrfKey ?? ''));
    else {
      plan.prefix = prefix;
      plan.vrfId = vrfId;
      parsed.push({ plan, prefix, vrfId, area: areaKey(vrfId, prefix), key: String(parsed.length) });
    }
  }
  const holders = holdersOf(parsed);

  const areas = new Map<string, Area>();
  const areaOf = (key: string) => {
    let area = areas.get(key);
    if (!area) areas.set(key, (area = new Area()));
    return area;
  };
  for (const subnet of input.existing) {
    const area = areaOf(areaKey(subnet.vrfId, subnet.prefix));
    area.byPrefix.set(prefixKey(subnet.prefix), subnet);
    area.sortedExisting.push(subnet);
  }
  for (const area of areas.values()) area.sortedExisting.sort(byNetworkThenLength);

  let count = input.existing.length;
  const sorted = [...parsed].sort((a, b) =>
    a.area !== b.area ? (a.area < b.area ? -1 : 1) : byNetworkThenLength(a, b),
  );
  for (const { plan, prefix, vrfId, area: areaName, key } of sorted) {
    const { source } = plan;
    // A subnet holding another becomes a container, and so does an IPv6 one too large to hold
    // addresses here (shorter than /64): it can still hold subnets.
    const isTooLargeForLeaf = prefix.version === 6 && prefix.length < IPV6_LEAF_MIN_PREFIX;
    const kind: SubnetKind =
      source.isContainer || holders.has(key) || isTooLargeForLeaf ? 'container' : 'leaf';
    const area = areaOf(areaName);
    const same = area.byPrefix.get(prefixKey(prefix));
    if (same?.plan) {
      skip(plan, messages.sourceDuplicateSubnet(same.plan.source.label));
      continue;
    }
    const group = groupPlans.get(source.groupKey) ?? groupPlans.get(null);
    if (!group?.id) {
      skip(plan, messages.groupNotFound);
      continue;
    }
    const checked = checkedFields(source, prefix, kind, vrfId, group.id, account);
    if (typeof checked === 'string') {
      skip(plan, checked);
      continue;
    }
    plan.fields = checked;
    if (same) {
      const before = same as SubnetRecord;
      if (before.kind !== kind) {
        skip(plan, messages.sourceKindDiffers(formatPrefix(prefix), kind === 'container'));
        continue;
      }
      const changes = changedFields(before, checked);
      plan.outcome = changes.length > 0 ? 'updated' : 'unchanged';
      plan.id = before.id;
      plan.before = before;
      tally.add({
        kind: 'subnet',
        source: source.label,
        object: plan.object,
        outcome: plan.outcome,
        ...(changes.length > 0 ? { reason: messages.sourceChanged(changes.join(', ')) } : {}),
      });
      area.byPrefix.set(prefixKey(prefix), { ...before, plan });
      continue;
    }
    const conflict = placementConflict({ prefix, kind }, area.enclosing(prefix), area.inside(prefix));
    if (conflict) {
      skip(plan, conflict.message);
      continue;
    }
    if (count >= account.maxnetworks) {
      skip(plan, messages.subnetLimitReached(account.maxnetworks));
      continue;
    }
    count += 1;
    plan.outcome = 'imported';
    plan.id = randomUUID();
    tally.add({ kind: 'subnet', source: source.label, object: plan.object, outcome: 'imported' });
    area.byPrefix.set(prefixKey(prefix), { id: plan.id, name: checked.name, prefix, kind, plan });
  }
  return plans;
}

/** The fields of a source subnet checked by core's create schema and the tier; a string is the reason it is refused. */
function checkedFields(
  source: SourceSubnet,
  prefix: Prefix,
  kind: SubnetKind,
  vrfId: string,
  groupId: string,
  account: AccountRights,
): SubnetFields | string {
  const isScanned = source.scanned && kind === 'leaf';
  const fields = {
    name: fitted(source.name, MAX_NAME_LENGTH) || formatPrefix(prefix),
    vlanId:
      source.vlan !== null && source.vlan >= 1 && source.vlan <= 4094 ? source.vlan : DEFAULT_IMPORT_VLAN_ID,
    description: fitted(source.description, MAX_DESCRIPTION_LENGTH),
    groupId,
    networkIP: networkText(prefix),
    scanningType: isScanned ? 'approval' : 'none',
    ...(isScanned ? { scanFrequency: IMPORTED_SCAN_FREQUENCY } : {}),
    kind,
  };
  const parsed =
    prefix.version === 4
      ? ipv4SubnetCreateSchema.safeParse({ ...fields, bits: prefix.length })
      : ipv6SubnetCreateSchema.safeParse({ ...fields, prefixLength: prefix.length });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.invalidRequest;
  try {
    subnetPrefix(account, prefix.version, fields.networkIP, prefix.length, kind);
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  const { name, vlanId, description, scanningType, scanFrequency } = parsed.data;
  return { name, vlanId, description, groupId, scanningType, scanFrequency, kind, vrfId, prefix };
}

/** The names of the fields an update would change. */
function changedFields(before: SubnetRecord, after: SubnetFields): string[] {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push('name');
  if (before.description !== after.description) changes.push('description');
  if (before.vlanId !== after.vlanId) changes.push('VLAN');
  if (before.groupId !== after.groupId) changes.push('group');
  if (before.scanningType !== after.scanningType) changes.push('scanning');
  return changes;
}
