import { messages } from '@ipam/core/messages';
import { directoryLoginSchema, maxUsernameLength } from '@ipam/core/schemas/auth-schemas';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client.js';
import { useDirectoryLogin } from '../../../lib/auth.js';
import { forgetInviteToken } from '../../../lib/invite-token.js';
import { SecondFactorForm } from './second-factor-form.js';

/**
 * The directory's user name and password (LDAP / Active Directory). A wrong name or password shows
 * "Login failed."; a directory that cannot be asked, no group with a role, or too many attempts show
 * the server's sentence. The password is the directory's: this app cannot reset it.
 */
export function DirectoryLoginForm({
  label,
  inviteToken,
}: {
  label: string;
  inviteToken?: string | undefined;
}) {
  const login = useDirectoryLogin();
  const pending = login.data && 'pendingToken' in login.data ? login.data : null;
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: schemaResolver(directoryLoginSchema, { sync: true }),
  });
  const error = login.error;
  const failure =
    error instanceof ApiError && error.code !== 'login_failed' && error.message !== ''
      ? error.message
      : messages.loginFailed;

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

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        login.mutate(
          { username: values.username.trim(), password: values.password, inviteToken },
          { onSuccess: (result) => ('user' in result ? forgetInviteToken() : undefined) },
        ),
      )}
      noValidate
      aria-label={`Login with ${label}`}
    >
      <Stack>
        <TextInput
          label="User name"
          description={`Your ${label} user name`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={maxUsernameLength}
          required
          data-autofocus
          autoFocus
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Text size="xs" c="dimmed" mt={-8}>
          Forgot it? Your password belongs to {label}: reset it there.
        </Text>
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
}
