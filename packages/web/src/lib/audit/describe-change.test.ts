import { describe, expect, it } from 'vitest';
import { changeAuthor, changeSummary, fieldChanges, formatValue } from './describe-change.js';

const address = (fields: object) => ({
  id: 'a1',
  ipAddress: '10.0.0.7',
  status: 'Available',
  hostname: '',
  description: '',
  allowScannerUpdate: false,
  updatedDate: '2026-11-24T10:00:00.000Z',
  updatedBy: 'u1',
  ...fields,
});

describe('fieldChanges', () => {
  it('lists only the fields an edit changed, before → after, without bookkeeping fields', () => {
    const changes = fieldChanges({
      before: address({}),
      after: address({ status: 'In Use', hostname: 'web01', updatedDate: '2026-11-24T11:00:00.000Z' }),
    });
    expect(changes).toEqual([
      { field: 'status', label: 'Status', before: 'Available', after: 'In Use' },
      { field: 'hostname', label: 'Hostname', before: '(empty)', after: 'web01' },
    ]);
  });

  it('lists what a create set and what a delete removed, leaving out empty fields', () => {
    const group = { id: 'g1', name: 'Core', description: '', parentId: '' };
    expect(fieldChanges({ before: null, after: group })).toEqual([
      { field: 'name', label: 'Name', before: null, after: 'Core' },
    ]);
    expect(fieldChanges({ before: group, after: null })).toEqual([
      { field: 'name', label: 'Name', before: 'Core', after: null },
    ]);
  });

  it('leaves links by id out of a create and shows a moved object by its group names', () => {
    const subnet = { name: 'LAN', groupId: 'g1', scanNow: false, lastScanned: null, vlanId: 10 };
    expect(fieldChanges({ before: null, after: subnet }).map((c) => c.field)).toEqual(['name', 'vlanId']);
    const names = new Map([
      ['g1', 'Office'],
      ['g2', 'Lab'],
    ]);
    expect(fieldChanges({ before: subnet, after: { ...subnet, groupId: 'g2' } }, names)).toEqual([
      { field: 'groupId', label: 'Group', before: 'Office', after: 'Lab' },
    ]);
    expect(fieldChanges({ before: subnet, after: { ...subnet, groupId: 'g3' } }, names)[0]?.after).toBe('g3');
  });

  it('shows booleans as Yes/No and labels unknown fields from their name', () => {
    expect(
      fieldChanges({ before: { allowScannerUpdate: false }, after: { allowScannerUpdate: true } }),
    ).toEqual([{ field: 'allowScannerUpdate', label: 'Allow scanner updates', before: 'No', after: 'Yes' }]);
    expect(fieldChanges({ before: null, after: { hostsAlive: 3 } })[0]?.label).toBe('Hosts alive');
    expect(fieldChanges({ before: { scanFrequency: null }, after: { scanFrequency: 24 } })).toEqual([
      { field: 'scanFrequency', label: 'Scan frequency (hours)', before: '(none)', after: '24' },
    ]);
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
  });
});

describe('changeSummary and changeAuthor', () => {
  it('names the object and what happened to it', () => {
    expect(
      changeSummary({ action: 'update', entity: 'address', entityId: '10.0.0.7', before: {}, after: {} }),
    ).toBe('Address 10.0.0.7 changed');
    expect(
      changeSummary({
        action: 'create',
        entity: 'subnet',
        entityId: 's1',
        before: null,
        after: { name: 'LAN' },
      }),
    ).toBe('Subnet LAN created');
    expect(
      changeSummary({ action: 'update', entity: 'scan', entityId: 's1', before: null, after: { hosts: 3 } }),
    ).toBe('Scan changed');
    expect(
      changeSummary({
        action: 'import',
        entity: 'address',
        entityId: 'subnet-1',
        before: null,
        after: { rows: 2, create: 2 },
      }),
    ).toBe('Addresses imported');
    expect(
      changeSummary({ action: 'import', entity: 'subnet', entityId: 'g1', before: null, after: { rows: 1 } }),
    ).toBe('Subnets imported');
  });

  it('names the person, the program, or a removed user', () => {
    const entity = 'address';
    expect(changeAuthor({ userEmail: 'a@example.com', userId: 'u1', actor: null, entity })).toBe(
      'a@example.com',
    );
    expect(changeAuthor({ userEmail: 'a@example.com', userId: 'u1', actor: 'token cli', entity })).toBe(
      'a@example.com (token cli)',
    );
    expect(changeAuthor({ userEmail: null, userId: null, actor: 'scanner HQ', entity })).toBe('scanner HQ');
    expect(changeAuthor({ userEmail: null, userId: 'u9', actor: null, entity })).toBe('A removed user');
    expect(changeAuthor({ userEmail: null, userId: null, actor: null, entity: 'approval' })).toBe('Scanner');
  });
});
