import { messages } from '@ipam/core/messages';
import { describe, expect, it } from 'vitest';
import { addressOf, prefixOf, subnetOf, vrfOf } from './netbox-rows.js';

const SOURCE = 'NetBox at https://nb.example/api/';
const status = (value: string, label: string) => ({ value, label });

describe('NetBox objects as source objects', () => {
  it('an IP address keeps its description and appends the status it loses', () => {
    const raw = {
      id: 7,
      address: '2001:db8::5/64',
      vrf: { id: 3, name: 'X', rd: null },
      status: status('dhcp', 'DHCP'),
      dns_name: 'dhcp-5.example',
      description: 'pool A',
    };
    expect(addressOf(raw, SOURCE)).toEqual({
      key: '7',
      vrfKey: '3',
      ip: '2001:db8::5',
      status: 'Reserved',
      hostname: 'dhcp-5.example',
      description: 'pool A (NetBox status: DHCP)',
      label: 'NetBox IP address 7',
    });
  });

  it("an admin's own status without a label is named by its value", () => {
    const raw = { id: 8, address: '10.0.0.8/24', vrf: null, status: status('parked', ''), dns_name: '' };
    expect(addressOf(raw, SOURCE)).toMatchObject({
      status: 'Reserved',
      description: 'NetBox status: parked',
    });
  });

  it('a VRF with an empty rd has none; a prefix without description is named by its prefix', () => {
    expect(vrfOf({ id: 1, name: 'A', rd: '', description: null }, SOURCE)).toEqual({
      key: '1',
      label: 'NetBox VRF 1',
      name: 'A',
      rd: null,
      description: '',
    });
    const prefix = prefixOf(
      { id: 4, prefix: '10.9.0.0/16', vrf: null, status: status('active', 'Active') },
      SOURCE,
    );
    expect(subnetOf(prefix, null)).toMatchObject({ name: '10.9.0.0/16', description: '', vlan: null });
  });

  it('an object NetBox would never send is refused with where it is and what is wrong', () => {
    expect(() => addressOf({ id: 12, address: 5 }, SOURCE)).toThrow(
      messages.sourceObjectUnreadable(
        SOURCE,
        'NetBox IP address 12',
        'address: Invalid input: expected string, received number',
      ),
    );
    expect(() => prefixOf({ prefix: '10.0.0.0/8' }, SOURCE)).toThrow(/a NetBox prefix without an id/);
  });
});
