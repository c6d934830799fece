import { messages } from '@ipam/core/messages';
import { loginSchema, maxEmailLength } from '@ipam/core/schemas/auth-schemas';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client.js';
import { useLogin } from '../../../lib/auth.js';

/** The Login tab. Any failure shows the spec's "Login failed." */
export function LoginForm() {
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });
  const failure =
    login.error instanceof ApiError && login.error.status === 0 ? login.error.message : messages.loginFailed;

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        login.mutate({ email: values.email.trim(), password: values.password }),
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
