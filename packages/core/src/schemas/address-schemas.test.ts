import { describe, expect, it } from 'vitest';
import { addressUpdateSchema, isAddressStatus } from './address-schemas.js';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('addressUpdateSchema', () => {
  it('accepts each status', () => {
    const statuses = ['Available', 'In Use', 'Reserved'].map(
      (status) => addressUpdateSchema.parse({ status }).status,
    );
    expect(statuses).toEqual(['Available', 'In Use', 'Reserved']);
  });

  it('fills empty hostname and description and allows scanner updates by default', () => {
    expect(addressUpdateSchema.parse({ status: 'In Use' })).toEqual({
      status: 'In Use',
      hostname: '',
      description: '',
      allowScannerUpdate: true,
    });
  });

  it('refuses a status outside the three', () => {
    expect(messagesOf(addressUpdateSchema.safeParse({ status: 'in use' }))).toEqual([
      'Status must be Available, In Use or Reserved.',
    ]);
  });

  it('refuses a missing status', () => {
    expect(messagesOf(addressUpdateSchema.safeParse({ hostname: 'web1' }))).toEqual([
      'Status must be Available, In Use or Reserved.',
    ]);
  });

  it('trims the hostname', () => {
    expect(addressUpdateSchema.parse({ status: 'In Use', hostname: ' web1.example.com ' }).hostname).toBe(
      'web1.example.com',
    );
  });

  it('accepts a hostname of 253 characters', () => {
    const name = `${'a'.repeat(63)}.`.repeat(3) + 'a'.repeat(61);
    expect(addressUpdateSchema.safeParse({ status: 'In Use', hostname: name }).success).toBe(true);
  });

  it('refuses a hostname of 254 characters', () => {
    const name = `${'a'.repeat(63)}.`.repeat(3) + 'a'.repeat(62);
    expect(messagesOf(addressUpdateSchema.safeParse({ status: 'In Use', hostname: name }))).toEqual([
      'Hostname must be at most 253 characters.',
    ]);
  });

  it('stores a fully qualified hostname without its trailing dot', () => {
    expect(addressUpdateSchema.parse({ status: 'In Use', hostname: 'web1.example.com.' }).hostname).toBe(
      'web1.example.com',
    );
  });

  it('refuses a hostname that is no DNS name, naming the rule', () => {
    expect(
      messagesOf(addressUpdateSchema.safeParse({ status: 'In Use', hostname: 'printer, 2nd floor' })),
    ).toEqual(['Hostname may contain only letters, digits, hyphens, underscores and dots, not ",".']);
    expect(messagesOf(addressUpdateSchema.safeParse({ status: 'In Use', hostname: 'web-.lan' }))).toEqual([
      'A part of a hostname between dots must not start or end with a hyphen ("web-").',
    ]);
  });

  it('refuses a hostname that is not text', () => {
    expect(messagesOf(addressUpdateSchema.safeParse({ status: 'In Use', hostname: 42 }))).toEqual([
      'Hostname must be text.',
    ]);
  });

  it('refuses a description over 500 characters', () => {
    expect(
      messagesOf(addressUpdateSchema.safeParse({ status: 'In Use', description: 'd'.repeat(501) })),
    ).toEqual(['Description must be at most 500 characters.']);
  });

  it('refuses allowScannerUpdate given as text', () => {
    expect(
      messagesOf(addressUpdateSchema.safeParse({ status: 'In Use', allowScannerUpdate: 'false' })),
    ).toEqual(['Allow scanner update must be true or false.']);
  });

  it('refuses setting who updated it', () => {
    expect(addressUpdateSchema.safeParse({ status: 'In Use', updatedBy: 'someone' }).success).toBe(false);
  });
});

describe('isAddressStatus', () => {
  it.each(['Available', 'In Use', 'Reserved'])('%s is a status', (status) => {
    expect(isAddressStatus(status)).toBe(true);
  });

  it.each(['available', 'Used', '', null])('%s is not', (value) => {
    expect(isAddressStatus(value)).toBe(false);
  });
});
