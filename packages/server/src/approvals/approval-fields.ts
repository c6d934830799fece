import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import type { ApprovalRecord } from './approval-repository.js';

/** The spec's recommendation rule: In Use → Available; any other status → In Use. */
export function recommendedStatus(status: string): AddressStatus {
  return status === 'In Use' ? 'Available' : 'In Use';
}

/** The hostname and MAC Confirm writes (null: kept); an entry made before issue 33 writes as Confirm did then. */
export function writtenFields(approval: ApprovalRecord): { hostname: string | null; mac: string | null } {
  if (approval.seen !== null) return { hostname: approval.hostnameAfter, mac: approval.macAfter };
  const isAvailable = recommendedStatus(approval.status) === 'Available';
  return { hostname: isAvailable ? '' : approval.hostname || null, mac: null };
}

/** Whether the address already holds every value Confirm would write. */
export function isMatchedBy(
  approval: ApprovalRecord,
  address: { status: string; hostname: string; mac: string | null },
): boolean {
  const written = writtenFields(approval);
  return (
    address.status === recommendedStatus(approval.status) &&
    (written.hostname === null || written.hostname === address.hostname) &&
    (written.mac === null || written.mac === address.mac)
  );
}
