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

  it('shows booleans as Yes/No and labels unknown fields from their name', () => {
    expect(
      fieldChanges({ before: { allowScannerUpdate: false }, after: { allowScannerUpdate: true } }),
    ).toEqual([{ field: 'allowScannerUpdate', label: 'Allow scanner updates', before: 'No', after: 'Yes' }]);
    expect(fieldChanges({ before: null, after: { hostsAlive: 3 } })[0]?.label).toBe('Hosts alive');
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
  });

  it('names the person, the program, or a removed user', () => {
    expect(changeAuthor({ userEmail: 'a@example.com', userId: 'u1', actor: null })).toBe('a@example.com');
    expect(changeAuthor({ userEmail: null, userId: null, actor: 'scanner HQ' })).toBe('scanner HQ');
    expect(changeAuthor({ userEmail: null, userId: 'u9', actor: null })).toBe('A removed user');
  });
});
