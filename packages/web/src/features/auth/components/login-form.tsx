import { messages } from '@ipam/core/messages';
import { loginSchema, maxEmailLength } from '@ipam/core/schemas/auth-schemas';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useLogin } from '../../../lib/auth.js';
import { forgetInviteToken } from '../../../lib/invite-token.js';
import { canUsePasskeys } from '../../../lib/passkey-prompt.js';
import { PasskeySignInButton } from './passkey-sign-in-button.js';
import { SecondFactorForm } from './second-factor-form.js';

/** The Login tab. Any failure shows the spec's "Login failed." An invite link's token goes along. */
export function LoginForm({ inviteToken }: { inviteToken?: string }) {
  const login = useLogin();
  const pending = login.data && 'pendingToken' in login.data ? login.data : null;
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });
  const failure =
    login.error instanceof ApiError && login.error.status === 0 ? login.error.message : messages.loginFailed;

  if (pending) {
    return (
      <SecondFactorForm
        pendingToken={pending.pendingToken}
        methods={pending.methods}
        inviteToken={inviteToken}
        onRestart={login.reset}
      />
    );
  }

  const passwordForm = (
    <form
      onSubmit={form.onSubmit((values) =>
        login.mutate(
          { email: values.email.trim(), password: values.password, inviteToken },
          // A pending sign-in still needs the invite for its second step.
          { onSuccess: (result) => ('user' in result ? forgetInviteToken() : undefined) },
        ),
      )}
      noValidate
      aria-label="Login"
    >
      <Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={maxEmailLength}
          required
          data-autofocus
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        {login.isError && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={login.isPending} fullWidth>
          Login
        </Button>
      </Stack>
    </form>
  );
  if (!canUsePasskeys()) return passwordForm;
  return (
    <Stack>
      {passwordForm}
      <Divider label="or" labelPosition="center" />
      <PasskeySignInButton label="Sign in with a passkey" inviteToken={inviteToken} variant="default" />
    </Stack>
  );
}
