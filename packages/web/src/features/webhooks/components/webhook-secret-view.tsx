import type { WebhookWithSecret } from '@ipam/core/api/webhook';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyField } from '../../../components/ui/copy-field.js';

/** A new webhook's signing secret, shown this once. */
export function WebhookSecretView({ webhook, onDone }: { webhook: WebhookWithSecret; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Copy the signing secret now">
        It will not be shown again. Your receiver uses it to check the <code>Webhook-Signature</code> header
        of each delivery. If it is lost, delete the webhook and add another.
      </Alert>
      <CopyField label="Signing secret" value={webhook.secret} what="secret" />
      <Text size="sm" c="dimmed">
        Deliveries go to {webhook.url}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
