import type { AddressItem } from './address-listing.js';
import type { StoredAddress } from './address-repository.js';

/** An address as the API shows it (never-written addresses have `id` null). */
export interface AddressView {
  id: string | null;
  ipAddress: string;
  status: StoredAddress['status'];
  hostname: string;
  description: string;
  allowScannerUpdate: boolean;
  updatedDate: string | null;
  updatedBy: string | null;
}

/** Presents a stored or listed address (also what the audit log keeps as before/after). */
export function addressView(address: StoredAddress | AddressItem): AddressView {
  return {
    id: address.id,
    ipAddress: address.ipAddress,
    status: address.status,
    hostname: address.hostname,
    description: address.description,
    allowScannerUpdate: address.allowScannerUpdate,
    updatedDate: address.updatedDate,
    updatedBy: address.updatedBy,
  };
}
