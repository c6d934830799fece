import { describe, expect, it } from 'vitest';
import {
  isWeakPassword,
  loginSchema,
  maxSupportMessageLength,
  maxSupportSubjectLength,
  signupSchema,
  supportMessageSchema,
} from './auth-schemas.js';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('signupSchema', () => {
  it('normalises the e-mail and accepts a good password', () => {
    const parsed = signupSchema.parse({ email: '  Ada@Example.COM ', password: 'correct horse battery' });
    expect(parsed.email).toBe('ada@example.com');
  });

  it("gives the spec's messages", () => {
    expect(firstMessage(signupSchema.safeParse({ email: 'ada@example.com', password: 'short' }))).toBe(
      'Password must be at least 8 characters long.',
    );
    expect(firstMessage(signupSchema.safeParse({ email: 'ada', password: 'correct horse' }))).toBe(
      'Invalid email address.',
    );
    expect(firstMessage(signupSchema.safeParse({ email: 'ada@example.com', password: 'password1' }))).toBe(
      'Password is too weak.',
    );
  });

  it('refuses unknown fields', () => {
    expect(
      signupSchema.safeParse({ email: 'a@b.co', password: 'correct horse', role: 'admin' }).success,
    ).toBe(false);
  });
});

describe('isWeakPassword', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['ADA@EXAMPLE.COM', 'ada@example.com'],
    ['adalovelace', 'adalovelace@example.com'],
    ['aaaaaaaa', 'ada@example.com'],
    ['12121212', 'ada@example.com'],
    ['Password', 'ada@example.com'],
    ['12345678', 'ada@example.com'],
  ])('%s is weak for %s', (password, email) => {
    expect(isWeakPassword(password, email)).toBe(true);
  });

  it.each(['correct horse battery', 'Tr0ub4dor&3', 'ada-lovelace-1815'])('%s is not weak', (password) => {
    expect(isWeakPassword(password, 'ada@example.com')).toBe(false);
  });
});

describe('loginSchema and supportMessageSchema', () => {
  it('requires both login fields', () => {
    expect(firstMessage(loginSchema.safeParse({ email: '', password: 'x' }))).toBe('Email is required.');
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      'Password is required.',
    );
  });

  it('requires a message and a known kind', () => {
    expect(firstMessage(supportMessageSchema.safeParse({ kind: 'support', message: '  ' }))).toBe(
      'Message is required.',
    );
    expect(supportMessageSchema.safeParse({ kind: 'sales', message: 'hi' }).success).toBe(false);
  });

  it('says which support field is too long and by how much it may be', () => {
    const subject = 's'.repeat(maxSupportSubjectLength + 1);
    expect(firstMessage(supportMessageSchema.safeParse({ kind: 'support', subject, message: 'hi' }))).toBe(
      'Subject must be at most 200 characters.',
    );
    const message = 'm'.repeat(maxSupportMessageLength + 1);
    expect(firstMessage(supportMessageSchema.safeParse({ kind: 'feedback', message }))).toBe(
      'Message must be at most 10000 characters.',
    );
  });
});
