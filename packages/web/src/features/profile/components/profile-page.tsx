import { messages } from '@ipam/core/messages';
import { maxDisplayNameLength, profileSchema } from '@ipam/core/schemas/password-schemas';
import { Alert, Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PageTitle } from '../../../components/ui/page-title.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useSignedInUser } from '../../../lib/auth.js';
import { useUpdateProfile } from '../api/profile.js';
import { AlertDigestPanel } from './alert-digest-panel.js';
import { ChangePasswordForm } from './change-password-form.js';
import { SessionsPanel } from './sessions-panel.js';

/** /profile: display name, change password, the daily alert e-mail (with SMTP) and the user's active sessions. */
export function ProfilePage() {
  const me = useSignedInUser();
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { displayName: me.user.displayName ?? '' },
    validate: schemaResolver(profileSchema, { sync: true }),
  });

  return (
    <Stack gap="lg">
      <PageTitle text="Profile" />
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Text size="sm" c="dimmed">
            Signed in as {me.user.email}
          </Text>
          <form
            onSubmit={form.onSubmit((values) => update.mutate({ displayName: values.displayName.trim() }))}
            noValidate
            aria-label="Profile"
          >
            <Stack maw={420}>
              <Title order={3}>Display name</Title>
              <TextInput
                label="Display name"
                maxLength={maxDisplayNameLength}
                description="Shown to the other members of your accounts."
                {...form.getInputProps('displayName')}
              />
              {update.isSuccess && (
                <Alert color="green" role="status">
                  {messages.profileSaved}
                </Alert>
              )}
              {update.isError && (
                <Alert color="red" role="alert">
                  {errorMessage(update.error)}
                </Alert>
              )}
              <Group>
                <Button type="submit" loading={update.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
          <Divider my="sm" />
          <ChangePasswordForm email={me.user.email} />
        </Stack>
      </Paper>
      <AlertDigestPanel />
      <Paper withBorder p="lg" radius="md">
        <SessionsPanel />
      </Paper>
    </Stack>
  );
}
