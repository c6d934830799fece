import { messages } from '@ipam/core/messages';
import { loginSchema, maxEmailLength } from '@ipam/core/schemas/auth-schemas';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAppConfig } from '../../../lib/app-config.js';
import { useLogin } from '../../../lib/auth.js';
import { forgetInviteToken } from '../../../lib/invite-token.js';
import { canUsePasskeys } from '../../../lib/passkey-prompt.js';
import { PasskeySignInButton } from './passkey-sign-in-button.js';
import { DirectoryLoginForm } from './directory-login-form.js';
import { SecondFactorForm } from './second-factor-form.js';
import { useLoginMethod } from './use-login-method.js';

/**
 * The Login tab: e-mail and password, or — when the server has a directory (LDAP_URL) — a choice of
 * the directory's user name and password, remembered in this browser. An invite link's token goes along.
 */
export function LoginForm({ inviteToken }: { inviteToken?: string }) {
  const directory = useAppConfig().data?.directoryLogin ?? null;
  const [method, setMethod] = useLoginMethod();
  if (!directory) return <EmailLoginForm inviteToken={inviteToken} />;
  return (
    <Stack gap="md">
      <SegmentedControl
        fullWidth
        aria-label="Sign in with"
        value={method}
        onChange={(value) => setMethod(value === 'email' ? 'email' : 'directory')}
        data={[
          { value: 'directory', label: directory.label },
          { value: 'email', label: 'Email' },
        ]}
      />
      {method === 'directory' ? (
        <DirectoryLoginForm label={directory.label} inviteToken={inviteToken} />
      ) : (
        <EmailLoginForm inviteToken={inviteToken} />
      )}
    </Stack>
  );
}

/** E-mail and password. Any failure shows the spec's "Login failed." */
function EmailLoginForm({ inviteToken }: { inviteToken?: string | undefined }) {
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
