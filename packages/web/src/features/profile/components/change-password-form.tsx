import { messages } from '@ipam/core/messages';
import { Alert, Button, Checkbox, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage } from '../../../lib/api-client.js';
import { formErrorsOf, isShownOnFields, sameNamedFields } from '../../../lib/form-errors.js';
import { useChangePassword } from '../api/profile.js';
import { changePasswordFormSchema } from '../change-password-form-schema.js';

const passwordFields = sameNamedFields(['currentPassword', 'newPassword']);

/**
 * Change password: current and new (typed twice); the server logs out the user's other sessions and
 * revokes the API tokens they made unless 'Keep my API tokens' is ticked.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '', keepApiTokens: false },
    validate: schemaResolver(changePasswordFormSchema(email), { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    change.mutate(
      {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        keepApiTokens: values.keepApiTokens,
      },
      {
        onSuccess: () => form.reset(),
        onError: (error) => form.setErrors(formErrorsOf(error, passwordFields)),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack maw={420}>
        <Title order={3}>Change password</Title>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Checkbox
          label="Keep my API tokens"
          description="Otherwise the API tokens you made stop working."
          {...form.getInputProps('keepApiTokens', { type: 'checkbox' })}
        />
        {change.isSuccess && (
          <Alert color="green" role="status">
            {messages.passwordChanged}
          </Alert>
        )}
        {change.isError && !isShownOnFields(change.error, passwordFields) && (
          <Alert color="red" role="alert">
            {errorMessage(change.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
