import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './env.js';

const accountId = '3f1c2b7e-8a4d-4c59-9e21-6b0d5f7a1c33';
const operator = {
  OIDC_ISSUER_URL: 'https://login.example.com/realms/net',
  OIDC_CLIENT_ID: 'ipam',
  OIDC_CLIENT_SECRET: 'not-a-real-secret-7c1e',
  OIDC_ACCOUNT_ID: accountId,
};

/** The problems a configuration is refused with. */
function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('single sign-on variables', () => {
  it('has no operator provider by default, and keeps account providers on public addresses', () => {
    expect(parseConfig({}).sso).toEqual({ operator: null, allowPrivateIssuers: false });
    expect(parseConfig({ SSO_ALLOW_PRIVATE_ISSUERS: 'true' }).sso.allowPrivateIssuers).toBe(true);
  });

  it("reads the operator's provider with its mapping and defaults", () => {
    const sso = parseConfig({ ...operator, OIDC_ROLE_MAPPING: 'net-admins=admin; net-ro=viewer' }).sso;
    expect(sso.operator).toEqual({
      ...{ issuerUrl: operator.OIDC_ISSUER_URL, clientId: 'ipam', clientSecret: operator.OIDC_CLIENT_SECRET },
      displayName: 'single sign-on',
      groupsClaim: 'groups',
      accountId,
      mapping: {
        rules: [
          { group: 'net-admins', role: 'admin' },
          { group: 'net-ro', role: 'viewer' },
        ],
        defaultRole: null,
      },
    });
    expect(parseConfig({ ...operator, OIDC_DEFAULT_ROLE: 'viewer' }).sso.operator?.mapping.defaultRole).toBe(
      'viewer',
    );
  });

  it('names every missing or bad variable, never echoing the secret', () => {
    expect(problemsOf({ OIDC_ISSUER_URL: operator.OIDC_ISSUER_URL })).toEqual([
      'OIDC_CLIENT_ID: required with OIDC_ISSUER_URL',
      'OIDC_CLIENT_SECRET: required with OIDC_ISSUER_URL',
      'OIDC_ACCOUNT_ID: required with OIDC_ISSUER_URL',
    ]);
    expect(problemsOf({ OIDC_CLIENT_SECRET: 'x' })).toEqual([
      'OIDC_CLIENT_SECRET: set OIDC_ISSUER_URL too, or unset them',
    ]);
    const bad = problemsOf({
      ...operator,
      OIDC_ISSUER_URL: 'http://login.example.com',
      OIDC_ACCOUNT_ID: 'acme',
      OIDC_DEFAULT_ROLE: 'owner',
    });
    expect(bad.map((p) => p.split(':')[0])).toEqual([
      'OIDC_ISSUER_URL',
      'OIDC_DEFAULT_ROLE',
      'OIDC_ACCOUNT_ID',
    ]);
    expect(problemsOf({ ...operator, OIDC_ROLE_MAPPING: 'net-ro=owner' })).toEqual([
      'OIDC_ROLE_MAPPING: "net-ro=owner": the role must be admin, editor or viewer',
    ]);
    expect(JSON.stringify(bad)).not.toContain(operator.OIDC_CLIENT_SECRET);
  });
});
