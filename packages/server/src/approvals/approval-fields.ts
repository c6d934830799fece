import type { AddressStatus } from '@ipam/core/schemas/address-schemas';
import type { ApprovalRecord } from './approval-repository.js';

/**
 * The status Confirm writes. An entry that knows what the scan saw follows it (alive → In Use, gone →
 * Available), which is the spec's rule (In Use → Available; any other status → In Use) for every entry
 * but a rename: a live In Use address whose reverse DNS name changed stays In Use. An entry made
 * before issue 33 follows the spec's rule.
 */
export function recommendedStatus(approval: Pick<ApprovalRecord, 'status' | 'seen'>): AddressStatus {
  if (approval.seen !== null) return approval.seen.alive ? 'In Use' : 'Available';
  return approval.status === 'In Use' ? 'Available' : 'In Use';
}

/** The hostname and MAC Confirm writes (null: kept); an entry made before issue 33 writes as Confirm did then. */
export function writtenFields(approval: ApprovalRecord): { hostname: string | null; mac: string | null } {
  if (approval.seen !== null) return { hostname: approval.hostnameAfter, mac: approval.macAfter };
  const isAvailable = recommendedStatus(approval) === 'Available';
  return { hostname: isAvailable ? '' : approval.hostname || null, mac: null };
}

/** Whether the address already holds every value Confirm would write. */
export function isMatchedBy(
  approval: ApprovalRecord,
  address: { status: string; hostname: string; mac: string | null },
): boolean {
  const written = writtenFields(approval);
  return (
    address.status === recommendedStatus(approval) &&
    (written.hostname === null || written.hostname === address.hostname) &&
    (written.mac === null || written.mac === address.mac)
  );
}
