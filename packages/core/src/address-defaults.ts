import type { AddressUpdateInput } from './schemas/address-schemas.js';

/**
 * The fields of an address never written: the virtual Available row every listed address is until
 * someone writes it (no hostname or description, scanner updates allowed).
 */
export const availableAddressFields: Readonly<AddressUpdateInput> = {
  status: 'Available',
  hostname: '',
  description: '',
  allowScannerUpdate: true,
};

/** The spec's Clear: Available, hostname and description emptied, and scanner updates turned off. */
export const clearedAddressFields: Readonly<AddressUpdateInput> = {
  ...availableAddressFields,
  allowScannerUpdate: false,
};
