import { describe, expect, it } from 'vitest';
import { ansibleGroupName, ansibleHostVars, ansibleInventory, subnetGroupName } from './ansible-inventory.js';
import type { InventoryHost } from './api/inventory.js';

const host = (
  hostname: string,
  ipAddress: string,
  groupId: string,
  subnet = '10.0.0.0/24',
): InventoryHost => ({
  hostname,
  ipAddress,
  subnet,
  subnetName: 'Net',
  groupId,
  vlanId: 1,
  vrf: 'Global',
  description: '',
});

describe('Ansible group names', () => {
  it('keeps letters, digits and underscores, lower case, never a leading digit or a reserved name', () => {
    expect(ansibleGroupName('Servers & DBs')).toBe('servers_dbs');
    expect(ansibleGroupName('Café-Zürich')).toBe('cafe_zurich');
    expect(ansibleGroupName('9 Lab')).toBe('g_9_lab');
    expect(ansibleGroupName('all')).toBe('all_group');
    expect(ansibleGroupName('Ungrouped')).toBe('ungrouped_group');
    expect(ansibleGroupName('***')).toBe('group');
    expect(ansibleGroupName('<script>')).toBe('script');
    expect(subnetGroupName('10.0.0.0/24')).toBe('subnet_10_0_0_0_24');
    expect(subnetGroupName('2001:DB8::/64')).toBe('subnet_2001_db8___64');
  });
});

describe('ansibleInventory', () => {
  it('gives clashing group names a suffix and a hostname on two addresses its first address', () => {
    const inventory = {
      groups: [
        { id: 'a', name: 'Web', parentId: null },
        { id: 'b', name: 'web', parentId: 'a' },
      ],
      hosts: [
        host('h1', '10.0.0.1', 'a'),
        host('h1', '10.0.1.1', 'b', '10.0.1.0/24'),
        host('h2', '10.0.0.2', 'b'),
      ],
    };
    const list = ansibleInventory(inventory);
    expect(list.web).toEqual({ children: ['web_2'], hosts: ['h1'] });
    expect(list.web_2).toEqual({ hosts: ['h1', 'h2'] });
    expect(list.all).toEqual({ children: ['ungrouped', 'web', 'subnet_10_0_0_0_24', 'subnet_10_0_1_0_24'] });
    expect(list._meta.hostvars.h1).toMatchObject({ ansible_host: '10.0.0.1', ipam_group: 'web' });
    expect(ansibleHostVars(inventory, 'h2')).toMatchObject({ ansible_host: '10.0.0.2', ipam_group: 'web_2' });
    expect(ansibleHostVars(inventory, 'nobody')).toEqual({});
  });

  it('is an empty inventory Ansible accepts for an empty account', () => {
    expect(ansibleInventory({ groups: [], hosts: [] })).toEqual({
      all: { children: ['ungrouped'] },
      _meta: { hostvars: {} },
    });
  });
});
