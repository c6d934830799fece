import { maxEmailLength } from '@ipam/core/schemas/auth-schemas';
import { passwordResetRequestSchema } from '@ipam/core/schemas/password-schemas';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths, productName } from '../../../config/paths.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useRequestPasswordReset } from '../api/password-reset.js';
import { AuthCard } from './auth-card.js';

/** /forgot-password: asks for a reset link; the answer reads the same for every address. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(passwordResetRequestSchema, { sync: true }),
  });
  useEffect(() => {
    document.title = `Forgot password · ${productName}`;
  }, []);

  return (
    <AuthCard title="Forgot password?">
      {request.isSuccess ? (
        <Stack>
          <Alert color="blue" role="status">
            {request.data.message}
          </Alert>
          <Anchor component={Link} to={paths.login}>
            Back to login
          </Anchor>
        </Stack>
      ) : (
        <form
          onSubmit={form.onSubmit((values) => request.mutate({ email: values.email.trim() }))}
          noValidate
          aria-label="Forgot password"
        >
          <Stack>
            <Text size="sm" c="dimmed">
              Enter the e-mail address you log in with to get a link that sets a new password.
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              maxLength={maxEmailLength}
              required
              autoFocus
              {...form.getInputProps('email')}
            />
            {request.isError && (
              <Alert color="red" role="alert">
                {errorMessage(request.error)}
              </Alert>
            )}
            <Button type="submit" loading={request.isPending} fullWidth>
              Send reset link
            </Button>
            <Anchor component={Link} to={paths.login} size="sm" ta="center">
              Back to login
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
