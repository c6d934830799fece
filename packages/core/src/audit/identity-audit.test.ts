import { describe, expect, it } from 'vitest';
import { changeSummary, fieldChanges, type AuditEntryView } from './describe-audit.js';

const ctx = { names: {}, locale: 'en-GB', timeZone: 'UTC' };
const entry = (fields: Partial<AuditEntryView>): AuditEntryView => ({
  action: 'create',
  entity: 'sign_in_external',
  entityId: 'u1',
  subnetId: null,
  before: null,
  after: { email: 'ana@example.com' },
  ...fields,
});
const lines = (item: AuditEntryView) =>
  fieldChanges(item, ctx).map((c) => `${c.label}: ${c.before ?? ''} → ${c.after ?? ''}`);

describe('History of single sign-on', () => {
  it('says a sign-in through a provider and a refusal, with method, provider, groups and why', () => {
    const after = {
      email: 'ana@example.com',
      method: 'oidc',
      provider: 'Acme SSO',
      groups: 'net-ro',
      role: 'viewer',
      ipAddress: '192.0.2.7',
    };
    const signIn = entry({ after });
    expect(changeSummary(signIn, ctx)).toBe('ana@example.com signed in through a provider');
    expect(lines(signIn)).toEqual([
      'Method:  → Single sign-on (OpenID Connect)',
      'Provider:  → Acme SSO',
      'Groups:  → net-ro',
      'Role:  → Viewer',
      'Address:  → 192.0.2.7',
    ]);
    const refused = entry({ entity: 'sign_in_external_failed', after: { ...after, reason: 'no role' } });
    expect(changeSummary(refused, ctx)).toBe('ana@example.com: sign-in through a provider refused');
    expect(lines(refused)).toContain('Why:  → no role');
  });

  it('says a link, the settings and the password switch in words, never a secret', () => {
    const link = entry({
      entity: 'external_identity',
      after: { email: 'ana@example.com', method: 'ldap', provider: 'Directory', linkedBy: 'email' },
    });
    expect(changeSummary(link, ctx)).toBe('ana@example.com linked to a provider');
    expect(lines(link)).toContain('Linked by:  → E-mail address confirmed by the provider');
    const settings = entry({
      entity: 'sso_provider',
      action: 'update',
      before: { displayName: 'Acme', defaultRole: 'none', clientSecretReplaced: false },
      after: { displayName: 'Acme SSO', defaultRole: 'viewer', clientSecretReplaced: true },
    });
    expect(changeSummary(settings, ctx)).toBe('Single sign-on changed');
    expect(lines(settings)).toEqual([
      'Button name: Acme → Acme SSO',
      'When no group matches: No access → Viewer',
      'Client secret replaced: No → Yes',
    ]);
    const rule = entry({
      entity: 'account_security',
      action: 'update',
      before: { allowPasswordSignIn: true },
      after: { allowPasswordSignIn: false },
    });
    expect(lines(rule)).toEqual(['Members may sign in with a password: Yes → No']);
  });
});
