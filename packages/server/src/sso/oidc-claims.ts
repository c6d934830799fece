import type { VerifiedIdentity } from '../external-identity/external-identity.js';

/** A claim by name; a dotted name reads inside objects (`realm_access.roles`) when no flat claim has it. */
function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The groups of a claim: a list of names, or one name; anything else is no groups. */
function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string' && item !== '').slice(0, 500);
}

/**
 * The person in verified claims: e-mail (with `email_verified`, which some providers send as the text
 * "true"), name (`name`, else `preferred_username`) and the groups of the configured claim.
 */
export function readIdentity(
  claims: Record<string, unknown>,
  groupsClaim: string,
): Omit<VerifiedIdentity, 'subject'> {
  const email = typeof claims.email === 'string' && claims.email !== '' ? claims.email : null;
  const verified = claims.email_verified;
  const name = [claims.name, claims.preferred_username].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  return {
    email,
    isEmailVerified: verified === true || verified === 'true',
    name: name ?? null,
    groups: groupsOf(claimAt(claims, groupsClaim)),
  };
}
