import { expect, it } from 'vitest';
import type { AuditContext } from './audit-values.js';
import { changeSummary, fieldChanges, type AuditEntryView } from './describe-audit.js';

const ctx: AuditContext = { names: { g1: 'Office', g2: 'Lab' }, locale: 'en-GB', timeZone: 'UTC' };

const roleChange = (before: object, after: object): AuditEntryView => ({
  action: 'update',
  entity: 'member',
  entityId: 'u2',
  subnetId: null,
  before: { email: 'ann@example.com', ...before },
  after: { email: 'ann@example.com', ...after },
});

it('reads a role change in History as the role and the groups, by name', () => {
  const item = roleChange({ role: 'viewer', groupIds: [] }, { role: 'editor', groupIds: ['g1', 'g2'] });
  expect(changeSummary(item, ctx)).toContain('role changed');
  expect(fieldChanges(item, ctx).map(({ label, before, after }) => `${label}: ${before} → ${after}`)).toEqual(
    ['Role: Viewer → Editor', 'Limited to groups: Every group → Office, Lab'],
  );
});
