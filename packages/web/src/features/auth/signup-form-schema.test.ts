import { messages } from '@ipam/core/messages';
import { describe, expect, it } from 'vitest';
import { signupFormSchema } from './signup-form-schema.js';

/** The first message per field, as the form shows them. */
function fieldMessages(values: { email: string; password: string; confirmPassword: string }) {
  const errors: Record<string, string> = {};
  for (const issue of signupFormSchema.safeParse(values).error?.issues ?? []) {
    errors[String(issue.path[0])] ??= issue.message;
  }
  return errors;
}

describe('signupFormSchema', () => {
  it('accepts a good e-mail and password typed twice', () => {
    const password = 'correct horse battery';
    expect(fieldMessages({ email: ' ada@example.com ', password, confirmPassword: password })).toEqual({});
  });

  it("gives the spec's messages for a missing or bad e-mail and a short password", () => {
    expect(fieldMessages({ email: '', password: 'short', confirmPassword: 'short' })).toEqual({
      email: messages.emailRequired,
      password: messages.passwordTooShort,
    });
    expect(fieldMessages({ email: 'ada', password: 'correct horse', confirmPassword: '' }).email).toBe(
      messages.invalidEmail,
    );
  });

  it('refuses a weak password before the server does, by the same rule', () => {
    const password = 'password123';
    expect(fieldMessages({ email: 'ada@example.com', password, confirmPassword: password })).toEqual({
      password: messages.weakPassword,
    });
  });

  it('says when the two passwords differ, under Confirm Password', () => {
    expect(
      fieldMessages({
        email: 'ada@example.com',
        password: 'correct horse battery',
        confirmPassword: 'correct horse',
      }),
    ).toEqual({ confirmPassword: messages.passwordsDoNotMatch });
  });
});
