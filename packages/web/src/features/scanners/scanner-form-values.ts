import { type Subnet, subnetCidr } from '@ipam/core/api/ipam';
import type { Scanner } from '@ipam/core/api/scanner';

/** The Add Scanner / Edit Scanner form: what the user types and picks. */
export interface ScannerFormValues {
  name: string;
  description: string;
  /** Subnet ids, in the order picked. */
  subnets: string[];
  blockScanning: boolean;
}

export const emptyScannerForm: ScannerFormValues = {
  name: '',
  description: '',
  subnets: [],
  blockScanning: false,
};

/** The edit form's values for a stored scanner. */
export function scannerFormValuesOf(scanner: Scanner): ScannerFormValues {
  return {
    name: scanner.name,
    description: scanner.description,
    subnets: [...scanner.subnets],
    blockScanning: scanner.blockScanning,
  };
}

/** The form field that shows an API field's message: `subnets.2` goes under Subnets. */
export function scannerFieldOf(apiField: string): string | null {
  const field = apiField.split('.')[0] ?? '';
  return Object.hasOwn(emptyScannerForm, field) ? field : null;
}

/** What a scanner's subnet is called on screen; a deleted subnet is "(Removed)" (spec §4). */
export interface ScannerSubnetLabel {
  id: string;
  label: string;
  isRemoved: boolean;
}

/** "Office LAN (10.0.0.0/24)" */
export function subnetLabel(subnet: Subnet): string {
  return `${subnet.name} (${subnetCidr(subnet)})`;
}

/**
 * The scanner's subnets by name, in its order. A subnet the server reports missing, or one the
 * account's list no longer holds, reads "(Removed)"; until the list has loaded, the id stands in.
 */
export function scannerSubnetLabels(
  scanner: Pick<Scanner, 'subnets' | 'missingSubnets'>,
  subnets: readonly Subnet[] | undefined,
): ScannerSubnetLabel[] {
  const missing = new Set(scanner.missingSubnets);
  const byId = new Map(subnets?.map((subnet) => [subnet.id, subnet]));
  return scanner.subnets.map((id) => {
    const subnet = byId.get(id);
    if (subnet && !missing.has(id)) return { id, label: subnetLabel(subnet), isRemoved: false };
    const isRemoved = missing.has(id) || subnets !== undefined;
    return { id, label: isRemoved ? '(Removed)' : id, isRemoved };
  });
}

/**
 * The choices of the Subnets picker: the account's subnets that hold addresses (a container is never
 * scanned, though one already picked stays so it can be taken out), plus any picked id whose subnet
 * is gone (shown as "(Removed)" so it can be taken out).
 */
export function subnetChoices(
  subnets: readonly Subnet[],
  pickedIds: readonly string[],
): { value: string; label: string }[] {
  const choices = subnets
    .filter((subnet) => subnet.kind !== 'container' || pickedIds.includes(subnet.id))
    .map((subnet) => ({ value: subnet.id, label: subnetLabel(subnet) }));
  const known = new Set(subnets.map((subnet) => subnet.id));
  const removed = pickedIds.filter((id) => !known.has(id)).map((id) => ({ value: id, label: '(Removed)' }));
  return [...choices, ...removed];
}
