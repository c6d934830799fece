import { describe, expect, it } from 'vitest';
import { describeRoleMapping, mapRole, parseRoleMappingText } from './role-mapping.js';

const rules = [
  { group: 'net-ro', role: 'viewer' as const },
  { group: 'Net-Admins', role: 'admin' as const },
  { group: 'net-rw', role: 'editor' as const },
];

describe('group → role mapping', () => {
  it('gives the highest role of every matching rule, whatever their order', () => {
    expect(mapRole(['net-ro'], { rules, defaultRole: null })).toBe('viewer');
    expect(mapRole(['net-rw', 'net-ro'], { rules, defaultRole: null })).toBe('editor');
    expect(mapRole(['net-ro', 'net-admins', 'net-rw'], { rules, defaultRole: null })).toBe('admin');
  });

  it('compares group names without case or surrounding spaces', () => {
    expect(mapRole([' NET-ADMINS '], { rules, defaultRole: null })).toBe('admin');
  });

  it('gives the default role, or no access, when nothing matches', () => {
    expect(mapRole(['finance'], { rules, defaultRole: 'viewer' })).toBe('viewer');
    expect(mapRole([], { rules, defaultRole: null })).toBeNull();
  });

  it("reads the operator's mapping text", () => {
    expect(parseRoleMappingText('net-admins=admin, net-rw = editor; Net RO=viewer')).toEqual({
      rules: [
        { group: 'net-admins', role: 'admin' },
        { group: 'net-rw', role: 'editor' },
        { group: 'Net RO', role: 'viewer' },
      ],
    });
    expect(parseRoleMappingText('')).toEqual({ rules: [] });
    expect(parseRoleMappingText('net-ro')).toEqual({ problem: '"net-ro" is not group=role' });
    expect(parseRoleMappingText('a=owner')).toEqual({
      problem: '"a=owner": the role must be admin, editor or viewer',
    });
    expect(parseRoleMappingText('=viewer')).toEqual({ problem: '"=viewer" is not group=role' });
  });

  it('says the mapping in words for History', () => {
    expect(describeRoleMapping(rules)).toBe('net-ro → Viewer, Net-Admins → Admin, net-rw → Editor');
    expect(describeRoleMapping([])).toBe('(no rules)');
  });
});
