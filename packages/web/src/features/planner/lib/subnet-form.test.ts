import { describe, expect, it } from 'vitest';
import { planSubnet } from './plan-subnet-fixture.js';
import {
  changedFields,
  checkSubnetForm,
  newSubnetValues,
  subnetBody,
  subnetFormField,
  subnetValues,
} from './subnet-form.js';

const settings = {
  autoCalculateDetails: true,
  validateOverlaps: true,
  showUtilization: true,
  defaultIPVersion: 'IPv6' as const,
};
const typed = (fields: Partial<ReturnType<typeof newSubnetValues>>) => ({
  ...newSubnetValues({ ...settings, defaultIPVersion: 'IPv4' }, null),
  name: 'LAN',
  ...fields,
});

describe('PL-57 subnet editor values', () => {
  it('Add Subnet starts with the plan default version; Add Child with its subnet as parent (PL-51, PL-56)', () => {
    expect(newSubnetValues(settings, null).ipVersion).toBe('IPv6');
    const parent = planSubnet('p', '10.0.0.0/16');
    expect(newSubnetValues(settings, parent)).toMatchObject({
      ipVersion: 'IPv4',
      parentSubnetId: 'p',
      plannedGrowth: 25,
    });
  });

  it('sends the VLAN as an object, none when the id is empty', () => {
    expect(subnetBody(typed({ networkAddress: '10.0.0.0', cidr: 24 })).vlan).toBeNull();
    expect(subnetBody(typed({ networkAddress: '10.0.0.0', cidr: 24, vlanId: 10 })).vlan).toEqual({
      id: 10,
      name: undefined,
      description: '',
    });
  });
});

describe('PL-58, PL-103 editor validation with core planSubnetSchema', () => {
  it('field errors go under their fields', () => {
    const check = checkSubnetForm(typed({ name: '', networkAddress: '10.0.0.0', cidr: '' }));
    expect(check.fieldErrors).toEqual({ name: 'Subnet name is required.', cidr: 'CIDR is required.' });
    const address = checkSubnetForm(typed({ networkAddress: '10.0.0.999', cidr: 40 }));
    expect(address.fieldErrors).toEqual({
      networkAddress: 'Invalid IPv4 address',
      cidr: 'CIDR must be between 1 and 32.',
    });
  });

  it('typed numbers out of range keep their value and get the field’s message (issue 29: no clamping)', () => {
    const values = typed({
      networkAddress: '10.0.0.0',
      cidr: 33,
      vlanId: 5000,
      currentHosts: -5,
      plannedGrowth: '600',
    });
    expect(checkSubnetForm(values).fieldErrors).toEqual({
      cidr: 'CIDR must be between 1 and 32.',
      vlanId: 'VLAN ID must be between 1 and 4094.',
      currentHosts: 'Current hosts cannot be negative.',
      plannedGrowth: 'Planned growth must be between 0 and 500.',
    });
    expect(subnetBody(values)).toMatchObject({
      cidr: 33,
      vlan: { id: 5000 },
      planning: { currentHosts: -5, plannedGrowth: 600 },
    });
    expect(
      checkSubnetForm(typed({ networkAddress: '10.0.0.0', cidr: 24, currentHosts: 1.5 })).fieldErrors,
    ).toEqual({
      currentHosts: 'Current hosts must be a whole number.',
    });
  });

  it('an empty Current Hosts box is no hosts yet (PL-2)', () => {
    const values = typed({ networkAddress: '10.0.0.0', cidr: 24, currentHosts: '' });
    expect(checkSubnetForm(values)).toEqual({ fieldErrors: {}, subnetErrors: [] });
    expect(subnetBody(values).planning?.currentHosts).toBeUndefined();
  });

  it('hosts beyond the usable ones block saving above the buttons', () => {
    const check = checkSubnetForm(typed({ networkAddress: '10.0.0.0', cidr: 24, currentHosts: 300 }));
    expect(check.subnetErrors).toEqual(['Current hosts (300) exceed available host addresses (254).']);
  });

  it('reserved addresses: bad IPv4 format, IPv6 outside the subnet', () => {
    const bad = checkSubnetForm(
      typed({
        networkAddress: '10.0.0.0',
        cidr: 24,
        reservedAddresses: [{ address: '10.0.0.999', type: '' }],
      }),
    );
    expect(bad.subnetErrors).toEqual(['Reserved address 1 has invalid IPv4 format.']);
    const outside = checkSubnetForm(
      typed({
        ipVersion: 'IPv6',
        networkAddress: '2001:db8:1::',
        cidr: 64,
        reservedAddresses: [{ address: '2001:db8::1', type: 'Gateway' }],
      }),
    );
    expect(outside.subnetErrors).toEqual(['Reserved address 1 is outside the subnet.']);
  });

  it('a valid subnet has no errors', () => {
    expect(checkSubnetForm(typed({ networkAddress: '10.0.0.0', cidr: 24, currentHosts: 100 }))).toEqual({
      fieldErrors: {},
      subnetErrors: [],
    });
  });

  it("maps the API's field paths to the form's fields", () => {
    expect(subnetFormField('planning.currentHosts')).toBe('currentHosts');
    expect(subnetFormField('vlan.id')).toBe('vlanId');
    expect(subnetFormField('reservedAddresses.2.address')).toBe('reservedAddresses.2.address');
    expect(subnetFormField('somethingElse')).toBeNull();
  });
});

describe('PL-13 Edit Subnet sends what changed', () => {
  it('only the changed fields', () => {
    const stored = planSubnet('A', '10.0.0.0/24', { currentHosts: 100, status: 'subdivided' });
    const values = { ...subnetValues(stored), name: 'Renamed', currentHosts: 120 };
    expect(changedFields(stored, values)).toEqual({
      name: 'Renamed',
      planning: { currentHosts: 120, plannedGrowth: 25, notes: '' },
    });
  });
});
