import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { ssoErrorText } from './sso.js';

describe('single sign-on refusals in words', () => {
  it('names the provider in the message of each code', () => {
    expect(ssoErrorText('sso_no_role', 'Okta')).toBe(messages.ssoNoRole('Okta'));
    expect(ssoErrorText('sso_email_taken', 'Okta')).toContain('link Okta in Settings ▸ Security');
    expect(ssoErrorText('sso_expired', 'Okta')).toBe(messages.ssoExpired);
    expect(ssoErrorText('user_limit_reached', 'Okta')).toBe(messages.ssoUserLimit);
  });

  it('reads an unknown code as a failed sign-in', () => {
    expect(ssoErrorText('<script>', 'Okta')).toBe(messages.ssoFailed('Okta'));
  });
});
