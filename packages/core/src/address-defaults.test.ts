import { describe, expect, it } from 'vitest';
import { availableAddressFields, clearedAddressFields } from './address-defaults.js';
import { addressUpdateSchema } from './schemas/address-schemas.js';

describe('address defaults', () => {
  it('lists a never-written address as Available, empty, and open to scanner updates', () => {
    expect(availableAddressFields).toEqual({
      status: 'Available',
      hostname: '',
      description: '',
      allowScannerUpdate: true,
    });
  });

  it('clears an address to Available, empty, with scanner updates off', () => {
    expect(clearedAddressFields).toEqual({
      status: 'Available',
      hostname: '',
      description: '',
      allowScannerUpdate: false,
    });
  });

  it('are both records the address update accepts as they are', () => {
    expect(addressUpdateSchema.parse(availableAddressFields)).toEqual(availableAddressFields);
    expect(addressUpdateSchema.parse(clearedAddressFields)).toEqual(clearedAddressFields);
  });
});
