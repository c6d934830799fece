import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { bulkAddressSchema, MAX_BULK_ADDRESSES } from './bulk-address-schemas.js';

const firstMessage = (input: unknown) => bulkAddressSchema.safeParse(input).error?.issues[0]?.message;

describe('bulkAddressSchema', () => {
  it('reads a set of the fields given (an empty description clears) and a clear', () => {
    expect(bulkAddressSchema.parse({ action: 'set', ipAddresses: [' 10.0.0.1 '], description: '' })).toEqual({
      action: 'set',
      ipAddresses: ['10.0.0.1'],
      description: '',
    });
    expect(bulkAddressSchema.parse({ action: 'clear', ipAddresses: ['2001:db8::1'] })).toEqual({
      action: 'clear',
      ipAddresses: ['2001:db8::1'],
    });
  });

  it('refuses an unknown action, nothing to set, hostnames, and lists empty or over the limit', () => {
    expect(firstMessage({ action: 'delete', ipAddresses: ['10.0.0.1'] })).toBe(messages.bulkActionInvalid);
    expect(firstMessage({ action: 'set', ipAddresses: ['10.0.0.1'] })).toBe(messages.bulkNothingToSet);
    expect(firstMessage({ action: 'clear', ipAddresses: [] })).toBe(messages.bulkAddressesRequired);
    expect(firstMessage({ action: 'clear' })).toBe(messages.bulkAddressesRequired);
    const many = Array.from({ length: MAX_BULK_ADDRESSES + 1 }, () => '10.0.0.1');
    expect(firstMessage({ action: 'clear', ipAddresses: many })).toBe(
      messages.bulkTooManyAddresses(MAX_BULK_ADDRESSES),
    );
    expect(
      bulkAddressSchema.safeParse({
        action: 'set',
        ipAddresses: ['10.0.0.1'],
        hostname: 'x',
        status: 'In Use',
      }).success,
    ).toBe(false);
    expect(
      bulkAddressSchema.safeParse({ action: 'clear', ipAddresses: ['10.0.0.1'], status: 'In Use' }).success,
    ).toBe(false);
  });
});
