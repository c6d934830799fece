import { describe, expect, it } from 'vitest';
import { changeSummary, fieldChanges, type AuditEntryView } from './describe-audit.js';

const ctx = { names: {}, locale: 'en-GB', timeZone: 'UTC' };
const entry = (fields: Partial<AuditEntryView>): AuditEntryView => ({
  action: 'create',
  entity: 'sign_in_code',
  entityId: 'u1',
  subnetId: null,
  before: null,
  after: { email: 'ana@example.com' },
  ...fields,
});
const lines = (item: AuditEntryView) =>
  fieldChanges(item, ctx).map((c) => `${c.label}: ${c.before ?? ''} → ${c.after ?? ''}`);

describe('History of two-factor sign-in', () => {
  it('says each sign-in step in words, naming the user by e-mail', () => {
    expect(changeSummary(entry({ entity: 'sign_in_password' }), ctx)).toBe(
      'ana@example.com: password accepted, second factor asked',
    );
    expect(changeSummary(entry({}), ctx)).toBe('ana@example.com signed in with an authenticator code');
    expect(changeSummary(entry({ entity: 'sign_in_code_failed' }), ctx)).toBe(
      'ana@example.com: a wrong sign-in code was refused',
    );
    const recovery = entry({
      entity: 'sign_in_recovery_code',
      after: { email: 'ana@example.com', recoveryCodesLeft: 0 },
    });
    expect(changeSummary(recovery, ctx)).toBe('ana@example.com signed in with a recovery code');
    expect(lines(recovery)).toEqual(['Recovery codes left:  → 0']);
  });

  it('says a password sign-in, its failure and the second-factor step, with method and address', () => {
    const after = { email: 'ana@example.com', method: 'password', ipAddress: '192.0.2.7' };
    expect(changeSummary(entry({ entity: 'sign_in', after }), ctx)).toBe(
      'ana@example.com signed in with a password',
    );
    expect(changeSummary(entry({ entity: 'sign_in_failed', after }), ctx)).toBe(
      'ana@example.com: a wrong password was refused',
    );
    for (const entity of ['sign_in', 'sign_in_failed', 'sign_in_password']) {
      expect(lines(entry({ entity, after }))).toEqual(['Method:  → Password', 'Address:  → 192.0.2.7']);
    }
  });

  it('says a factor turned on, off or reset, and the owner’s rule', () => {
    const on = entry({
      entity: 'two_factor',
      after: { email: 'ana@example.com', method: 'totp', recoveryCodes: 10, endedSessions: 1 },
    });
    expect(changeSummary(on, ctx)).toBe('Two-factor sign-in turned on for ana@example.com');
    expect(lines(on)).toEqual([
      'Method:  → Authenticator app (TOTP)',
      'Recovery codes:  → 10',
      'Other sessions ended:  → 1',
    ]);
    const reset = entry({
      entity: 'two_factor',
      action: 'delete',
      after: null,
      before: { email: 'ana@example.com', method: 'totp', resetBy: 'ipam admin reset-2fa', endedSessions: 2 },
    });
    expect(changeSummary(reset, ctx)).toBe('Two-factor sign-in turned off for ana@example.com');
    expect(lines(reset)).toContain('Reset by: ipam admin reset-2fa → ');
    const rule = entry({
      entity: 'account_security',
      action: 'update',
      before: { requireSecondFactor: false },
      after: { requireSecondFactor: true },
    });
    expect(changeSummary(rule, ctx)).toBe('Account security changed');
    expect(lines(rule)).toEqual(['Second factor required of every member: No → Yes']);
  });

  it('says a passkey added, renamed, removed, and a sign-in with one', () => {
    const added = entry({
      entity: 'passkey',
      after: { email: 'ana@example.com', method: 'passkey', passkey: 'YubiKey', endedSessions: 1 },
    });
    expect(changeSummary(added, ctx)).toBe('Passkey added for ana@example.com');
    expect(lines(added)).toEqual(['Method:  → Passkey', 'Passkey:  → YubiKey', 'Other sessions ended:  → 1']);
    const renamed = entry({
      entity: 'passkey',
      action: 'update',
      before: { email: 'ana@example.com', method: 'passkey', passkey: 'YubiKey' },
      after: { email: 'ana@example.com', method: 'passkey', passkey: 'Work key' },
    });
    expect(changeSummary(renamed, ctx)).toBe('Passkey renamed for ana@example.com');
    expect(lines(renamed)).toEqual(['Passkey: YubiKey → Work key']);
    const removed = entry({ entity: 'passkey', action: 'delete', after: null, before: added.after });
    expect(changeSummary(removed, ctx)).toBe('Passkey removed for ana@example.com');
    const after = {
      email: 'ana@example.com',
      method: 'passkey',
      passkey: 'YubiKey',
      afterPassword: false,
      ipAddress: '192.0.2.7',
    };
    expect(changeSummary(entry({ entity: 'sign_in_passkey', after }), ctx)).toBe(
      'ana@example.com signed in with a passkey',
    );
    expect(changeSummary(entry({ entity: 'sign_in_passkey_failed', after }), ctx)).toBe(
      'ana@example.com: a passkey was refused',
    );
    expect(lines(entry({ entity: 'sign_in_passkey', after }))).toEqual([
      'Method:  → Passkey',
      'Passkey:  → YubiKey',
      'After the password:  → No',
      'Address:  → 192.0.2.7',
    ]);
  });
});
