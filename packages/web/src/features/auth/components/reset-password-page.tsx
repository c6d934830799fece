import { messages } from '@ipam/core/messages';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths, productName } from '../../../config/paths.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formErrorsOf, isShownOnFields, sameNamedFields } from '../../../lib/form-errors.js';
import { useConfirmPasswordReset } from '../api/password-reset.js';
import { resetPasswordFormSchema } from '../reset-password-form-schema.js';
import { AuthCard } from './auth-card.js';

const resetFields = sameNamedFields(['password']);

/** /reset-password?token=…: sets a new password with a mailed or printed reset link. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const form = useForm({
    initialValues: { token, password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });
  useEffect(() => {
    document.title = `Reset password · ${productName}`;
  }, []);

  if (confirm.isSuccess) {
    return (
      <AuthCard title="Reset password">
        <Stack>
          <Alert color="green" role="status">
            {messages.passwordResetDone}
          </Alert>
          <Button component={Link} to={paths.login}>
            Go to login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password">
      <form
        onSubmit={form.onSubmit((values) =>
          confirm.mutate(
            { token: values.token, password: values.password },
            { onError: (error) => form.setErrors(formErrorsOf(error, resetFields)) },
          ),
        )}
        noValidate
        aria-label="Reset password"
      >
        <Stack>
          {!token && (
            <Alert color="red" role="alert">
              {messages.resetLinkInvalid}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          {confirm.isError && !isShownOnFields(confirm.error, resetFields) && (
            <Alert color="red" role="alert">
              {errorMessage(confirm.error)}{' '}
              <Anchor component={Link} to={paths.forgotPassword}>
                Ask for a new link
              </Anchor>
            </Alert>
          )}
          <Button type="submit" loading={confirm.isPending} disabled={!token} fullWidth>
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
