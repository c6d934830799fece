import type { Address } from '@ipam/core/api/ipam';
import type { StoredAddress } from './address-repository.js';

/** An address as the API shows it (core's response type; never-written addresses have `id` null). */
export type AddressView = Address;

/** Presents a stored or listed address (also what the audit log keeps as before/after). */
export function addressView(address: StoredAddress): AddressView {
  return {
    id: address.id,
    ipAddress: address.ipAddress,
    status: address.status,
    hostname: address.hostname,
    description: address.description,
    allowScannerUpdate: address.allowScannerUpdate,
    updatedDate: address.updatedDate,
    updatedBy: address.updatedBy,
    mac: address.mac,
    firstSeen: address.firstSeen,
    lastSeen: address.lastSeen,
    lastSeenBy: address.lastSeenBy,
    previousMac: address.previousMac,
    macChangedAt: address.macChangedAt,
  };
}
