import { messages } from '@ipam/core/messages';
import { maxEmailLength } from '@ipam/core/schemas/auth-schemas';
import { Alert, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import { useAppConfig } from '../../../lib/app-config.js';
import { fetchMe, replaceSession, useSignup } from '../../../lib/auth.js';
import { forgetInviteToken } from '../../../lib/invite-token.js';
import { formErrorsOf, isShownOnFields, sameNamedFields } from '../../../lib/form-errors.js';
import { signupFormSchema } from '../signup-form-schema.js';

/** The fields that show the server's messages (the confirmation is the form's own). */
const signupFields = sameNamedFields(['email', 'password']);

interface SignupFormProps {
  /** Focus the e-mail field on mount (not on the landing page, where the form is below the fold). */
  autoFocus?: boolean;
  /** The token of the invite link the visitor came with: signing up accepts that invite. */
  inviteToken?: string;
  /** The e-mail the invitation was sent to: the form starts with it (the invitee may change it). */
  invitedEmail?: string;
}

/**
 * Sign-up: e-mail, password, confirm password. The spec waits a fixed 5 s after registration; we
 * show a progress line instead and continue as soon as the session shows the new account.
 */
export function SignupForm({ autoFocus = true, inviteToken, invitedEmail }: SignupFormProps) {
  const queryClient = useQueryClient();
  const signup = useSignup();
  const appConfig = useAppConfig();
  const [isPreparing, setPreparing] = useState(false);
  const [setupError, setSetupError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { email: invitedEmail ?? '', password: '', confirmPassword: '' },
    validate: schemaResolver(signupFormSchema, { sync: true }),
  });

  async function finishSetup() {
    setPreparing(true);
    setSetupError(null);
    try {
      const me = await fetchMe();
      const account = me?.accounts.find((a) => a.id === me.currentAccountId) ?? me?.accounts[0];
      if (!me || !account) throw new Error('The new account is not ready.');
      // Setting the session makes the sign-up page go on to the Dashboard.
      replaceSession(queryClient, me);
    } catch (error) {
      setSetupError(error);
      setPreparing(false);
    }
  }

  const submit = form.onSubmit((values) => {
    signup.mutate(
      { email: values.email.trim(), password: values.password, inviteToken },
      {
        onSuccess: () => {
          forgetInviteToken();
          void finishSetup();
        },
        onError: (error) => form.setErrors(formErrorsOf(error, signupFields)),
      },
    );
  });

  if (isPreparing || signup.isSuccess) {
    return (
      <Stack align="center" py="xl" role="status" aria-live="polite">
        <Loader />
        <Text>Setting up your account...</Text>
        {setupError !== null && (
          <Alert color="red" role="alert">
            {errorMessage(setupError, messages.unknownError)}{' '}
            <Button variant="subtle" size="xs" onClick={() => void finishSetup()}>
              Try again
            </Button>
          </Alert>
        )}
      </Stack>
    );
  }

  // SIGNUP=invite-only: a form that could only be refused is not shown without an invitation link.
  if (appConfig.data?.signUp === 'invite-only' && !inviteToken) {
    return (
      <Alert color="blue" title="Sign-up is by invitation">
        {messages.signUpByInvitation}
      </Alert>
    );
  }

  const isBusy = signup.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label="Sign Up">
      <Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={maxEmailLength}
          required
          disabled={isBusy}
          data-autofocus={(autoFocus && !invitedEmail) || undefined}
          autoFocus={autoFocus && !invitedEmail}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          disabled={isBusy}
          // With the invited e-mail filled in, the password is what is left to type.
          data-autofocus={(autoFocus && invitedEmail !== undefined) || undefined}
          autoFocus={autoFocus && invitedEmail !== undefined}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          required
          disabled={isBusy}
          {...form.getInputProps('confirmPassword')}
        />
        {signup.isError && !isShownOnFields(signup.error, signupFields) && (
          <Alert color="red" role="alert">
            {errorMessage(signup.error, messages.unknownError)}
          </Alert>
        )}
        <Button type="submit" loading={isBusy} fullWidth>
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
