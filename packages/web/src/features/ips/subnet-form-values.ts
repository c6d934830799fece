import { formatPrefix, parseCidr } from '@ipam/core/cidr';
import { messages } from '@ipam/core/messages';
import { formatAddress, parseAddress } from '@ipam/core/ip-address';
import type { IpVersion } from '@ipam/core/prefix';
import {
  scanFrequencyForDisplay,
  scanFrequencyToHours,
  type ScanFrequencyUnit,
} from '@ipam/core/scan-frequency';
import type { ScanningType } from '@ipam/core/schemas/common-fields';
import type { SubnetKind } from '@ipam/core/schemas/subnet-schemas';
import {
  ipv4SubnetCreateSchema,
  ipv6SubnetCreateSchema,
  subnetUpdateSchema,
} from '@ipam/core/schemas/subnet-schemas';
import { checkPrefixForAccount } from '@ipam/core/subnet-size-rules';
import type { PrefixRange } from '@ipam/core/tiers';
import type { z } from 'zod';

/** The subnet form as typed: numbers stay text until they are sent. */
export interface SubnetFormValues {
  name: string;
  vlanId: string | number;
  description: string;
  groupId: string;
  networkIP: string;
  /** `bits` (IPv4) or `prefixLength` (IPv6), as the select's value. */
  prefix: string;
  scanningType: ScanningType;
  frequency: string | number;
  unit: ScanFrequencyUnit;
  /** The VRF's id; '' for the account's Global VRF. Fixed after creation. */
  vrfId: string;
  /** Leaf (holds addresses) or container (holds subnets). Fixed after creation. */
  kind: SubnetKind;
  /** Days after which unseen addresses are marked stale, as typed; '' for never. */
  staleAfterDays: string | number;
}

/** The create request as the form builds it (checked by `validateCreate` before it is sent). */
export type SubnetCreatePayload = ReturnType<typeof toCreatePayload>;
/** The edit request as the form builds it. */
export type SubnetUpdatePayload = ReturnType<typeof toUpdatePayload>;

export const emptySubnetForm: SubnetFormValues = {
  name: '',
  vlanId: '',
  description: '',
  groupId: '',
  networkIP: '',
  prefix: '',
  scanningType: 'none',
  frequency: '',
  unit: 'hours',
  vrfId: '',
  kind: 'leaf',
  staleAfterDays: '',
};

/** Kind choices: what each kind holds. */
export const subnetKindChoices: { value: SubnetKind; label: string; description: string }[] = [
  { value: 'leaf', label: 'Leaf', description: 'Holds addresses' },
  { value: 'container', label: 'Container', description: 'Holds subnets' },
];

/** Scanning type choices; none reads "No Scanning" (spec §4). */
export const scanningTypeChoices: { value: ScanningType; label: string }[] = [
  { value: 'none', label: 'No Scanning' },
  { value: 'approval', label: 'Approval' },
  { value: 'auto', label: 'Auto' },
];

function wholeNumber(value: string | number): number | undefined {
  const text = String(value).trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** The form's scanning fields as the API stores them: hours, or null when not scanning (a container never scans). */
function scanFields(values: SubnetFormValues) {
  const scanningType = values.kind === 'container' ? 'none' : values.scanningType;
  return {
    scanningType,
    scanFrequency: scanningType === 'none' ? null : scanFrequencyToHours(values.frequency, values.unit),
  };
}

/** "Stale after" as sent: null when empty; text that is no whole number goes as is, for the schema to refuse. */
function staleAfterDaysOf(values: SubnetFormValues): number | null {
  const text = String(values.staleAfterDays).trim();
  if (text === '') return null;
  return wholeNumber(text) ?? Number(text);
}

function commonFields(values: SubnetFormValues) {
  return {
    name: values.name.trim(),
    vlanId: wholeNumber(values.vlanId),
    description: values.description.trim(),
    groupId: values.groupId,
    staleAfterDays: staleAfterDaysOf(values),
  };
}

/** The create request for the form; `undefined` numbers make the schema report "... is required." */
export function toCreatePayload(version: IpVersion, values: SubnetFormValues) {
  const length = wholeNumber(values.prefix);
  return {
    ...commonFields(values),
    networkIP: values.networkIP.trim(),
    ...(version === 4 ? { bits: length } : { prefixLength: length }),
    ...scanFields(values),
    vrfId: values.vrfId || null,
    kind: values.kind,
  };
}

/** The edit request: the editable fields only (network and prefix are fixed after creation). */
export function toUpdatePayload(values: SubnetFormValues) {
  return { ...commonFields(values), ...scanFields(values) };
}

/** The form field that shows an API or schema field's message; null for a field the form lacks. */
export function formField(apiField: string): keyof SubnetFormValues | null {
  if (apiField === 'bits' || apiField === 'prefixLength') return 'prefix';
  if (apiField === 'scanFrequency') return 'frequency';
  return isFormField(apiField) ? apiField : null;
}

function isFormField(name: string): name is keyof SubnetFormValues {
  return Object.hasOwn(emptySubnetForm, name);
}

function schemaErrors(result: { success: boolean; error?: z.ZodError }, values: SubnetFormValues) {
  const errors: Partial<Record<keyof SubnetFormValues, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = formField(String(issue.path[0] ?? ''));
    if (field) errors[field] ??= issue.message;
  }
  // The schema checks the frequency only once every other field is valid; the form says it at once.
  const scan = scanFields(values);
  if (scan.scanFrequency === null && scan.scanningType !== 'none') {
    errors.frequency ??= messages.scanFrequencyRequired;
  }
  return errors;
}

/** The spec's checks of the create form (the same schema the server runs), plus the account's prefixes. */
export function validateCreate(
  version: IpVersion,
  tier: number,
  values: SubnetFormValues,
  ipv6Prefixes: PrefixRange | null = null,
) {
  const payload = toCreatePayload(version, values);
  const schema = version === 4 ? ipv4SubnetCreateSchema : ipv6SubnetCreateSchema;
  const errors = schemaErrors(schema.safeParse(payload), values);
  const length = wholeNumber(values.prefix);
  if (!errors.prefix && length !== undefined) {
    const refusal = checkPrefixForAccount(tier, version, length, ipv6Prefixes, values.kind);
    if (refusal) errors.prefix = refusal.message;
  }
  return errors;
}

/** The checks of the edit form. */
export function validateUpdate(values: SubnetFormValues) {
  return schemaErrors(subnetUpdateSchema.safeParse(toUpdatePayload(values)), values);
}

/** The edit form's values for a stored subnet: the frequency in months, days or hours (spec §5). */
export function formValuesOf(subnet: {
  name: string;
  vlanId: number;
  description: string;
  groupId: string;
  networkIP: string;
  scanningType: ScanningType;
  scanFrequency: number | null;
  length: number;
  vrfId: string;
  kind: SubnetKind;
  staleAfterDays: number | null;
}): SubnetFormValues {
  const shown = scanFrequencyForDisplay(subnet.scanFrequency);
  return {
    name: subnet.name,
    vlanId: subnet.vlanId,
    description: subnet.description,
    groupId: subnet.groupId,
    networkIP: subnet.networkIP,
    prefix: String(subnet.length),
    scanningType: subnet.scanningType,
    frequency: shown ? shown.value : '',
    unit: shown ? shown.unit : 'hours',
    vrfId: subnet.vrfId,
    kind: subnet.kind,
    staleAfterDays: subnet.staleAfterDays ?? '',
  };
}

/**
 * A `network/prefix` handed over in the URL (`/ips?create=ipv4&cidr=10.0.0.0/24`, from the
 * calculators) as the create form's network and prefix, or null when it is not a valid CIDR of
 * that version.
 */
export function prefillFromCidr(
  version: IpVersion,
  cidr: string,
): Pick<SubnetFormValues, 'networkIP' | 'prefix'> | null {
  const prefix = parseCidr(cidr.trim());
  if (!prefix || prefix.version !== version) return null;
  return { networkIP: formatAddress(prefix.version, prefix.network), prefix: String(prefix.length) };
}

/**
 * `192.168.10.0/24` typed or pasted into Network IP Address: the address part for that field and
 * the length for the prefix select; null when the text has no slash.
 */
export function splitNetworkInput(text: string): Pick<SubnetFormValues, 'networkIP' | 'prefix'> | null {
  const slash = text.lastIndexOf('/');
  if (slash < 0) return null;
  return { networkIP: text.slice(0, slash).trim(), prefix: text.slice(slash + 1).trim() };
}

/** The form's network and prefix as a prefix of this version, host bits cleared; null until both are valid. */
export function formPrefix(version: IpVersion, values: Pick<SubnetFormValues, 'networkIP' | 'prefix'>) {
  const length = wholeNumber(values.prefix);
  if (length === undefined) return null;
  const prefix = parseCidr(`${values.networkIP.trim()}/${length}`);
  return prefix && prefix.version === version ? prefix : null;
}

/**
 * "will be saved as 192.168.10.0/24" when the typed address has host bits set (the server clears
 * them); null otherwise.
 */
export function savedAsNotice(
  version: IpVersion,
  values: Pick<SubnetFormValues, 'networkIP' | 'prefix'>,
): string | null {
  const prefix = formPrefix(version, values);
  const typed = parseAddress(values.networkIP.trim());
  if (!prefix || !typed || typed.value === prefix.network) return null;
  return messages.subnetWillBeSavedAs(formatPrefix(prefix));
}
