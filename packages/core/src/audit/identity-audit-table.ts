import type { AuditEntity, AuditField } from './audit-table.js';
import { choiceValue } from './audit-values.js';
import { roleLabels } from '../roles.js';

const hidden: AuditField = { label: '', isHidden: true };

/** How a sign-in through another system reads: OpenID Connect or LDAP. */
export const EXTERNAL_METHOD_LABELS: Readonly<Record<string, string>> = {
  oidc: 'Single sign-on (OpenID Connect)',
  ldap: 'LDAP directory',
};

/** The fields of a sign-in through a provider: the user (named by the entry), how, where from, why. */
const externalSignInFields: Record<string, AuditField> = {
  email: hidden,
  method: { label: 'Method', format: choiceValue(EXTERNAL_METHOD_LABELS) },
  provider: { label: 'Provider' },
  groups: { label: 'Groups' },
  role: { label: 'Role', format: choiceValue(roleLabels) },
  reason: { label: 'Why' },
  ipAddress: { label: 'Address' },
};

/**
 * History entries of single sign-on and directory sign-in (issue 34): sign-ins and refusals through a
 * provider, identities linked to users, an account's provider set up or changed.
 */
export const IDENTITY_AUDIT_ENTITIES: Readonly<Record<string, AuditEntity>> = {
  sign_in_external: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'A member'} signed in through a provider`,
    fields: externalSignInFields,
  },
  sign_in_external_failed: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'Someone'}: sign-in through a provider refused`,
    fields: externalSignInFields,
  },
  sign_in_refused: {
    label: 'Sign-in',
    isRecord: true,
    phrase: (name) => `${name ?? 'A member'}: password sign-in refused (single sign-on only)`,
    fields: { email: hidden, method: hidden, ipAddress: { label: 'Address' } },
  },
  external_identity: {
    label: 'Sign-in link',
    verbs: { create: 'linked to a provider', delete: 'unlinked from a provider' },
    phrase: (name, verb) => `${name ?? 'A member'} ${verb}`,
    fields: {
      email: hidden,
      method: { label: 'Method', format: choiceValue(EXTERNAL_METHOD_LABELS) },
      provider: { label: 'Provider' },
      linkedBy: {
        label: 'Linked by',
        format: choiceValue({
          email: 'E-mail address confirmed by the provider',
          'signed-in': 'The signed-in user',
          'new-user': 'First sign-in (user created)',
        }),
      },
    },
  },
  sso_provider: {
    label: 'Single sign-on',
    verbs: { create: 'set up', update: 'changed', delete: 'removed' },
    phrase: (_name, verb) => `Single sign-on ${verb}`,
    fields: {
      slug: { label: 'Sign-in name' },
      displayName: { label: 'Button name' },
      issuerUrl: { label: 'Issuer' },
      clientId: { label: 'Client ID' },
      clientSecretReplaced: { label: 'Client secret replaced' },
      groupsClaim: { label: 'Groups claim' },
      roleMapping: { label: 'Groups → roles' },
      defaultRole: {
        label: 'When no group matches',
        format: choiceValue({ none: 'No access', ...roleLabels }),
      },
    },
  },
};
