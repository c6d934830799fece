import { messages } from '@ipam/core/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { formErrorsOf, isShownOnFields } from '../../lib/form-errors.js';
import {
  savedAsNotice,
  splitNetworkInput,
  emptySubnetForm,
  formField,
  formValuesOf,
  prefillFromCidr,
  toCreatePayload,
  toUpdatePayload,
  validateCreate,
  validateUpdate,
  type SubnetFormValues,
} from './subnet-form-values.js';

const filled: SubnetFormValues = {
  ...emptySubnetForm,
  name: ' Office LAN ',
  vlanId: '10',
  groupId: 'g1',
  networkIP: '192.168.1.0',
  prefix: '24',
};

describe('subnet form values', () => {
  it('reports every required field with the spec message', () => {
    expect(validateCreate(4, 0, emptySubnetForm)).toEqual({
      name: messages.subnetNameRequired,
      vlanId: messages.vlanIdRequired,
      groupId: messages.groupRequired,
      networkIP: messages.networkIpRequired,
      prefix: messages.bitsRequired,
    });
    expect(validateCreate(6, 1, emptySubnetForm).prefix).toBe(messages.prefixLengthRequired);
  });

  it('asks for a frequency only when scanning, and stores it in hours', () => {
    expect(validateCreate(4, 0, filled)).toEqual({});
    const scanning = { ...filled, scanningType: 'auto' as const };
    expect(validateCreate(4, 0, scanning)).toEqual({ frequency: messages.scanFrequencyRequired });
    // Said at once, even while other fields are still empty.
    expect(validateCreate(4, 0, { ...emptySubnetForm, scanningType: 'approval' }).frequency).toBe(
      messages.scanFrequencyRequired,
    );
    expect(validateCreate(4, 0, { ...scanning, frequency: '0' })).toEqual({
      frequency: messages.scanFrequencyRequired,
    });
    expect(toCreatePayload(4, { ...scanning, frequency: 2, unit: 'days' })).toMatchObject({
      name: 'Office LAN',
      vlanId: 10,
      bits: 24,
      scanFrequency: 48,
    });
    expect(toUpdatePayload({ ...filled, frequency: 5, unit: 'months' }).scanFrequency).toBeNull();
  });

  it("repeats the account's IPv6 range and the /64 leaf minimum (issue 30)", () => {
    const v6 = { ...filled, networkIP: '2001:db8::' };
    const wide = { min: 32, max: 128 };
    expect(validateCreate(6, 1, { ...v6, prefix: '64' })).toEqual({
      prefix: messages.ipv6PrefixNotInTier(104, 124),
    });
    expect(validateCreate(6, 1, { ...v6, prefix: '64' }, wide)).toEqual({});
    expect(validateCreate(6, 1, { ...v6, prefix: '63' }, wide)).toEqual({
      prefix: messages.ipv6LeafTooLarge(64),
    });
    expect(validateCreate(6, 1, { ...v6, prefix: '31' }, wide)).toEqual({
      prefix: messages.ipv6PrefixNotInTier(32, 128),
    });
  });

  it("refuses a prefix outside the tier's range, and a bad address", () => {
    expect(validateCreate(4, 0, { ...filled, prefix: '16' })).toEqual({
      prefix: messages.ipv4PrefixNotInTier(24, 32),
    });
    expect(validateCreate(4, 1, { ...filled, prefix: '16' })).toEqual({});
    expect(validateCreate(4, 0, { ...filled, networkIP: '192.168.01.0' })).toEqual({
      networkIP: messages.invalidIPv4,
    });
    expect(validateCreate(6, 0, { ...filled, networkIP: '2001:db8::', prefix: '120' })).toEqual({
      prefix: messages.ipv6NotInTier,
    });
    expect(validateCreate(4, 0, { ...filled, vlanId: '5000' })).toEqual({ vlanId: messages.vlanIdRange });
  });

  it('sends the VRF (none for Global) and the kind; a container never scans', () => {
    expect(toCreatePayload(4, filled)).toMatchObject({ vrfId: null, kind: 'leaf' });
    const container: SubnetFormValues = {
      ...filled,
      vrfId: 'v2',
      kind: 'container',
      scanningType: 'auto',
      frequency: '',
    };
    expect(toCreatePayload(4, container)).toMatchObject({
      vrfId: 'v2',
      kind: 'container',
      scanningType: 'none',
      scanFrequency: null,
    });
    // The hidden scanning fields of a container ask for nothing.
    expect(validateCreate(4, 1, container)).toEqual({});
    expect(toUpdatePayload(container)).not.toHaveProperty('vrfId');
    expect(toUpdatePayload(container)).not.toHaveProperty('kind');
  });

  it('shows a stored frequency in months, days or hours', () => {
    const stored = { ...filled, vlanId: 10, length: 24, scanningType: 'auto' as const, staleAfterDays: null };
    expect(formValuesOf({ ...stored, scanFrequency: 1440 })).toMatchObject({ frequency: 2, unit: 'months' });
    expect(formValuesOf({ ...stored, scanFrequency: 48 })).toMatchObject({ frequency: 2, unit: 'days' });
    expect(formValuesOf({ ...stored, scanFrequency: 25 })).toMatchObject({ frequency: 25, unit: 'hours' });
    expect(formValuesOf({ ...stored, scanFrequency: null })).toMatchObject({ frequency: '', prefix: '24' });
    expect(validateUpdate(formValuesOf({ ...stored, scanFrequency: 25 }))).toEqual({});
  });

  it('sends "stale after" as days or null, and refuses what is not a whole number without changing it', () => {
    const stored = { ...filled, vlanId: 10, length: 24, scanningType: 'auto' as const, scanFrequency: 24 };
    const values = formValuesOf({ ...stored, staleAfterDays: 30 });
    expect(values.staleAfterDays).toBe(30);
    expect(toUpdatePayload(values).staleAfterDays).toBe(30);
    expect(toUpdatePayload({ ...values, staleAfterDays: ' ' }).staleAfterDays).toBeNull();
    expect(formValuesOf({ ...stored, staleAfterDays: null }).staleAfterDays).toBe('');
    for (const typed of ['1.5', 'abc', '0', '5000']) {
      const edited = { ...values, staleAfterDays: typed };
      expect(validateUpdate(edited)).toEqual({ staleAfterDays: messages.staleAfterDaysInvalid });
      expect(edited.staleAfterDays).toBe(typed);
    }
  });

  it('puts server field messages on the form field that shows them, and leaves others to the form', () => {
    const fields = { bits: 'a', scanFrequency: 'b', networkIP: 'c', somethingElse: 'd' };
    const refusal = new ApiError(400, 'validation_failed', 'd', fields);
    expect(formErrorsOf(refusal, formField)).toEqual({ prefix: 'a', frequency: 'b', networkIP: 'c' });
    expect(isShownOnFields(refusal, formField)).toBe(false);
  });

  it('reads a prefilled CIDR from the calculators, clearing host bits', () => {
    expect(prefillFromCidr(4, '10.1.2.3/24')).toEqual({ networkIP: '10.1.2.0', prefix: '24' });
    expect(prefillFromCidr(6, '2001:DB8:0:0::1/120')).toEqual({ networkIP: '2001:db8::', prefix: '120' });
    expect(prefillFromCidr(4, '2001:db8::/120')).toBeNull();
    expect(prefillFromCidr(4, 'nonsense')).toBeNull();
  });
});

describe('Network IP Address: a pasted CIDR and host bits', () => {
  it('splits address/length into the address and the prefix', () => {
    expect(splitNetworkInput('192.168.10.0/24')).toEqual({ networkIP: '192.168.10.0', prefix: '24' });
    expect(splitNetworkInput(' 2001:db8::/120 ')).toEqual({ networkIP: '2001:db8::', prefix: '120' });
    expect(splitNetworkInput('192.168.10.0')).toBeNull();
  });

  it('says what an address with host bits set will be saved as, and nothing otherwise', () => {
    expect(savedAsNotice(4, { networkIP: '192.168.10.5', prefix: '24' })).toBe(
      'will be saved as 192.168.10.0/24',
    );
    expect(savedAsNotice(4, { networkIP: '192.168.10.0', prefix: '24' })).toBeNull();
    expect(savedAsNotice(4, { networkIP: '192.168.10.5', prefix: '' })).toBeNull();
    expect(savedAsNotice(4, { networkIP: '2001:db8::1', prefix: '24' })).toBeNull();
    expect(savedAsNotice(6, { networkIP: '2001:DB8::1', prefix: '120' })).toBe(
      'will be saved as 2001:db8::/120',
    );
  });
});
