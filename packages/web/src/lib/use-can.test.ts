import { describe, expect, it } from 'vitest';
import { canOf } from './use-can.js';

const parents = new Map<string, string | null>([
  ['office', null],
  ['floor', 'office'],
  ['lab', null],
]);
const parentOf = (id: string) => parents.get(id);

describe('canOf', () => {
  it('lets a viewer read only', () => {
    const can = canOf({ role: 'viewer', groupIds: [] }, parentOf);
    expect([can.can('viewer'), can.can('editor'), can.canEditIn('office'), can.canEditAll]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('lets a limited editor edit inside their group and the groups inside it, nothing account-wide', () => {
    const can = canOf({ role: 'editor', groupIds: ['office'] }, parentOf);
    expect(['office', 'floor', 'lab'].map((id) => can.canEditIn(id))).toEqual([true, true, false]);
    expect(can.canEditAll).toBe(false);
    expect(can.can('admin')).toBe(false);
  });

  it('ignores limits on any role but editor, and lets an admin manage', () => {
    const can = canOf({ role: 'admin', groupIds: ['office'] }, parentOf);
    expect([can.canEditIn('lab'), can.canEditAll, can.can('admin'), can.can('owner')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('allows nothing without an account', () => {
    const can = canOf(undefined, parentOf);
    expect([can.role, can.can('viewer'), can.canEditIn('office')]).toEqual([null, false, false]);
  });
});
