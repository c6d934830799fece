import type { Role } from '@ipam/core/roles';
import type { RoleMapping } from './role-mapping.js';

/**
 * A provider of identities (an OpenID Connect issuer, an LDAP directory) as the sign-in sees it. The
 * caller builds it from its configuration; this module never reads configuration itself.
 */
export interface ExternalProvider {
  /**
   * Whose subjects these are, stable across configuration edits: `oidc:operator` (the operator's
   * provider), `oidc:account:<accountId>` (an account's own), `ldap:operator`. A subject is linked
   * once per key, so two providers never share a link.
   */
  key: string;
  /** How people sign in through it, as History shows it. */
  method: 'oidc' | 'ldap';
  /** The name on the button and in messages ("Sign in with Acme SSO"). */
  displayName: string;
  /** The account its users join. */
  accountId: string;
  mapping: RoleMapping;
  /**
   * Whether the provider may take over an existing local user whose e-mail it vouches for (verified):
   * only providers the operator configured. An account's own provider is set by that account's owner,
   * who must not be able to sign in as someone who also belongs to other accounts.
   */
  isTrustedForEmail: boolean;
}

/** Who the provider says signed in, after its proof was checked (ID token signature, LDAP bind). */
export interface VerifiedIdentity {
  /** The provider's stable id of the person (`sub`, an LDAP entry's DN). */
  subject: string;
  email: string | null;
  /** Whether the provider vouches that the e-mail is the person's (`email_verified`; a directory: yes). */
  isEmailVerified: boolean;
  name: string | null;
  groups: readonly string[];
}

/** A completed sign-in through a provider: whom to open a session for. */
export interface ExternalSignIn {
  userId: string;
  email: string;
  /** The provider's account; the session opens it. */
  accountId: string;
  /** The role the user holds there now (an owner keeps `owner`: mappings never touch owners). */
  role: Role;
  isNewUser: boolean;
}
