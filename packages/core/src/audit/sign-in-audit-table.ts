import type { AuditEntity, AuditField } from './audit-table.js';
import { choiceValue } from './audit-values.js';

const hidden: AuditField = { label: '', isHidden: true };
const FACTOR_LABELS = { totp: 'Authenticator app (TOTP)', passkey: 'Passkey' };
/** A password sign-in step's fields: the user (named by the entry), how, and from which address. */
const signInFields: Record<string, AuditField> = {
  email: hidden,
  method: { label: 'Method', format: choiceValue({ password: 'Password', ldap: 'LDAP directory password' }) },
  ipAddress: { label: 'Address' },
};
/** A passkey sign-in's fields: which passkey, whether the password came first, from which address. */
const passkeySignInFields: Record<string, AuditField> = {
  email: hidden,
  method: { label: 'Method', format: choiceValue(FACTOR_LABELS) },
  passkey: { label: 'Passkey' },
  afterPassword: { label: 'After the password' },
  ipAddress: { label: 'Address' },
};

/**
 * Sign-ins and factor changes (issue 34): records, one per account of the user, and the owner's rule.
 * The user is named by the entry's e-mail.
 */
export const SIGN_IN_AUDIT_ENTITIES: Readonly<Record<string, AuditEntity>> = {
  sign_in: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'A member'} signed in with a password`,
    fields: signInFields,
  },
  sign_in_failed: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'A member'}: a wrong password was refused`,
    fields: signInFields,
  },
  sign_in_password: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'A member'}: password accepted, second factor asked`,
    fields: signInFields,
  },
  sign_in_code: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'A member'} signed in with an authenticator code`,
    fields: { email: hidden },
  },
  sign_in_code_failed: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'A member'}: a wrong sign-in code was refused`,
    fields: { email: hidden },
  },
  sign_in_recovery_code: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'A member'} signed in with a recovery code`,
    fields: { email: hidden, recoveryCodesLeft: { label: 'Recovery codes left' } },
  },
  two_factor: {
    label: 'Two-factor sign-in',
    verbs: { create: 'turned on', delete: 'turned off' },
    phrase: (name, verb) => `Two-factor sign-in ${verb} for ${name ?? 'a member'}`,
    fields: {
      email: hidden,
      method: { label: 'Method', format: choiceValue(FACTOR_LABELS) },
      passkeysRemoved: { label: 'Passkeys removed' },
      recoveryCodes: { label: 'Recovery codes' },
      resetBy: { label: 'Reset by' },
      endedSessions: { label: 'Other sessions ended' },
    },
  },
  account_security: {
    label: 'Account security',
    verbs: { update: 'changed' },
    fields: {
      requireSecondFactor: { label: 'Second factor required of every member' },
      allowPasswordSignIn: { label: 'Members may sign in with a password' },
    },
  },
  sign_in_passkey: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'A member'} signed in with a passkey`,
    fields: passkeySignInFields,
  },
  sign_in_passkey_failed: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'A member'}: a passkey was refused`,
    fields: passkeySignInFields,
  },
  passkey: {
    label: 'Passkey',
    verbs: { create: 'added', update: 'renamed', delete: 'removed' },
    phrase: (name, verb) => `Passkey ${verb} for ${name ?? 'a member'}`,
    fields: {
      email: hidden,
      method: { label: 'Method', format: choiceValue(FACTOR_LABELS) },
      passkey: { label: 'Passkey' },
      resetBy: { label: 'Reset by' },
      endedSessions: { label: 'Other sessions ended' },
    },
  },
};
