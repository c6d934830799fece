import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.js';
import { useAlertDigest, useSetAlertDigest } from '../api/alert-digest.js';

/**
 * The daily e-mail of discovery alerts, for the user to opt in to; shown only when the server sends
 * e-mail (SMTP_URL), since otherwise nothing would ever arrive.
 */
export function AlertDigestPanel() {
  const digest = useAlertDigest();
  const save = useSetAlertDigest();
  if (!digest.data?.isAvailable) return null;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm" maw={560}>
        <Title order={3}>Notifications</Title>
        <Switch
          label="E-mail me a daily digest of discovery alerts"
          description="New hosts, changed MAC addresses and addresses gone stale in your accounts, once a day when there are any."
          checked={save.isPending ? save.variables : digest.data.isOptedIn}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Sent to your sign-in address.
        </Text>
      </Stack>
    </Paper>
  );
}
