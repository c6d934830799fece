import type { PlanSettings, PlanSubnet } from '@ipam/core/api/plan';
import { DEFAULT_PLANNED_GROWTH, planSubnetSchema } from '@ipam/core/schemas/plan-schemas';
import type { PlanSubnetBody, PlanSubnetPatch } from '../api/plan-subnets.js';

/** The subnet editor as typed (PL-57): numbers stay '' until entered, the VLAN is flat. */
export interface SubnetFormValues {
  name: string;
  description: string;
  ipVersion: 'IPv4' | 'IPv6';
  networkAddress: string;
  cidr: number | string;
  /** '' for 'None (top level)'. */
  parentSubnetId: string;
  status: PlanSubnet['status'];
  vlanId: number | string;
  vlanName: string;
  vlanDescription: string;
  reservedAddresses: { address: string; type: string }[];
  currentHosts: number | string;
  plannedGrowth: number | string;
  notes: string;
}

/** Add Subnet's start: the plan's default version; a parent only from 'Add Child' (PL-51, PL-56, issue 29). */
export function newSubnetValues(settings: PlanSettings, parent: PlanSubnet | null): SubnetFormValues {
  return {
    name: '',
    description: '',
    ipVersion: parent?.ipVersion ?? settings.defaultIPVersion,
    networkAddress: '',
    cidr: '',
    parentSubnetId: parent?.id ?? '',
    status: 'active',
    vlanId: '',
    vlanName: '',
    vlanDescription: '',
    reservedAddresses: [],
    currentHosts: 0,
    plannedGrowth: DEFAULT_PLANNED_GROWTH,
    notes: '',
  };
}

/** Edit Subnet's start: the stored subnet. */
export function subnetValues(subnet: PlanSubnet): SubnetFormValues {
  return {
    name: subnet.name,
    description: subnet.description,
    ipVersion: subnet.ipVersion,
    networkAddress: subnet.networkAddress,
    cidr: subnet.cidr,
    parentSubnetId: subnet.parentSubnetId ?? '',
    status: subnet.status,
    vlanId: subnet.vlan?.id ?? '',
    vlanName: subnet.vlan?.name ?? '',
    vlanDescription: subnet.vlan?.description ?? '',
    reservedAddresses: subnet.reservedAddresses.map(({ address, type }) => ({ address, type })),
    currentHosts: subnet.planning.currentHosts,
    plannedGrowth: subnet.planning.plannedGrowth,
    notes: subnet.planning.notes,
  };
}

/** A typed number, or undefined when the box is empty. */
function numberOf(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? undefined : Number(text);
}

/** A required number: an empty box is NaN, which the schema reports with the field's own message. */
const requiredNumber = (value: number | string) => numberOf(value) ?? Number.NaN;

/** The request body of core's planSubnetSchema for the typed values. */
export function subnetBody(values: SubnetFormValues): PlanSubnetBody {
  const vlanId = numberOf(values.vlanId);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    ipVersion: values.ipVersion,
    networkAddress: values.networkAddress.trim(),
    cidr: requiredNumber(values.cidr),
    parentSubnetId: values.parentSubnetId === '' ? null : values.parentSubnetId,
    status: values.status,
    vlan:
      vlanId === undefined
        ? null
        : {
            id: vlanId,
            name: values.vlanName.trim() || undefined,
            description: values.vlanDescription.trim(),
          },
    reservedAddresses: values.reservedAddresses.map(({ address, type }) => ({
      address: address.trim(),
      type: type.trim(),
    })),
    planning: {
      // An empty box is no hosts yet: the server's default (PL-2).
      currentHosts: numberOf(values.currentHosts),
      plannedGrowth: numberOf(values.plannedGrowth) ?? DEFAULT_PLANNED_GROWTH,
      notes: values.notes.trim(),
    },
  };
}

/** The form field that shows an API (or schema) field path such as 'planning.currentHosts' or 'vlan.id'. */
export function subnetFormField(path: string): string | null {
  const direct: Record<string, string> = {
    name: 'name',
    description: 'description',
    ipVersion: 'ipVersion',
    networkAddress: 'networkAddress',
    cidr: 'cidr',
    parentSubnetId: 'parentSubnetId',
    status: 'status',
    vlan: 'vlanId',
    'vlan.id': 'vlanId',
    'vlan.name': 'vlanName',
    'vlan.description': 'vlanDescription',
    'planning.currentHosts': 'currentHosts',
    'planning.plannedGrowth': 'plannedGrowth',
    'planning.notes': 'notes',
  };
  if (path in direct) return direct[path] ?? null;
  const reserved = /^reservedAddresses\.(\d+)\.(address|type)$/.exec(path);
  return reserved ? `reservedAddresses.${reserved[1]}.${reserved[2]}` : null;
}

export interface SubnetFormCheck {
  /** Messages under the fields. */
  fieldErrors: Record<string, string>;
  /** The PL-25 subnet errors: listed above the buttons, they block saving (PL-58). */
  subnetErrors: string[];
}

/** Checks the typed values with core's planSubnetSchema, the server's own rules. */
export function checkSubnetForm(values: SubnetFormValues): SubnetFormCheck {
  const parsed = planSubnetSchema.safeParse(subnetBody(values));
  const check: SubnetFormCheck = { fieldErrors: {}, subnetErrors: [] };
  if (parsed.success) return check;
  for (const issue of parsed.error.issues) {
    const field = issue.path.length === 0 ? null : subnetFormField(issue.path.join('.'));
    if (field === null) {
      if (!check.subnetErrors.includes(issue.message)) check.subnetErrors.push(issue.message);
    } else check.fieldErrors[field] ??= issue.message;
  }
  return check;
}

/** Edit Subnet sends only what changed (PL-13): the server merges it into the stored subnet. */
export function changedFields(original: PlanSubnet, values: SubnetFormValues): PlanSubnetPatch {
  const before = subnetBody(subnetValues(original));
  const after = subnetBody(values);
  const patch: PlanSubnetPatch = {};
  const keys = Object.keys(after) as (keyof PlanSubnetBody & keyof PlanSubnetPatch)[];
  for (const key of keys) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      Object.assign(patch, { [key]: after[key] });
  }
  return patch;
}
