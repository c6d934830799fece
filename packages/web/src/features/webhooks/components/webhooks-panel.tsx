import type { Account } from '@ipam/core/api/account';
import type { Webhook } from '@ipam/core/api/webhook';
import { Alert, Badge, Button, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '@ipam/core/messages';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks.js';
import { webhookEventLabels } from '../event-labels.js';
import { DeliveryLogModal } from './delivery-log-modal.js';
import { WebhookFormModal } from './webhook-form-modal.js';

/** Settings ▸ Webhooks (owner only): where the account's changes are sent, with each one's log. */
export function WebhooksPanel({ account }: { account: Account }) {
  const webhooks = useWebhooks(account.id);
  const update = useUpdateWebhook(account.id);
  const remove = useDeleteWebhook(account.id);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const onError = (error: Error) => notifications.show({ color: 'red', message: errorMessage(error) });

  function confirmDelete(webhook: Webhook) {
    modals.openConfirmModal({
      title: 'Delete Webhook',
      children: (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          Delete the webhook to <b>{webhook.url}</b>? Deliveries not yet sent are dropped and its log is
          removed. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(webhook.id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Webhook deleted.' }),
          onError,
        }),
    });
  }

  const disabled = webhooks.data?.filter((webhook) => webhook.disabledAt !== null) ?? [];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Webhooks</Title>
        <Button onClick={() => setEditing('new')}>+ Webhook</Button>
      </Group>
      <Text size="sm" c="dimmed">
        A webhook POSTs each change you choose to your URL as JSON, signed with its secret in the{' '}
        <code>Webhook-Signature</code> header. Failed deliveries are retried for 24 hours, in order.
      </Text>
      {disabled.map((webhook) => (
        <Alert
          key={webhook.id}
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Webhook turned off"
          role="alert"
        >
          <Text size="sm">
            <Text span fw={600} style={{ wordBreak: 'break-all' }}>
              {webhook.url}
            </Text>
            : {messages.webhookDisabled(formatDateTime(webhook.disabledAt))}
          </Text>
        </Alert>
      ))}
      {webhooks.isPending && <SectionLoader label="Loading webhooks..." />}
      {webhooks.isError && <SectionError error={webhooks.error} onRetry={() => void webhooks.refetch()} />}
      {webhooks.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          No webhooks.
        </Text>
      )}
      {webhooks.data && webhooks.data.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label="Webhooks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>URL</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {webhooks.data.map((webhook) => (
                <Table.Tr key={webhook.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    {webhook.url}
                    {webhook.failingSince !== null && webhook.active && (
                      <Badge
                        ml="xs"
                        size="sm"
                        color="orange"
                        variant="light"
                        title={`Since ${formatDateTime(webhook.failingSince)}`}
                      >
                        Failing
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {webhook.events.map((type) => (
                        <Badge key={type} size="sm" variant="outline" color="gray">
                          {webhookEventLabels[type]}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={webhook.active}
                      aria-label={`Active: ${webhook.url}`}
                      onChange={(event) =>
                        update.mutate(
                          { webhookId: webhook.id, fields: { active: event.currentTarget.checked } },
                          { onError },
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setLogOf(webhook)}>
                        Deliveries
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setEditing(webhook)}>
                        Edit
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => confirmDelete(webhook)}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <WebhookFormModal
        accountId={account.id}
        opened={editing !== null}
        webhook={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DeliveryLogModal accountId={account.id} webhook={logOf} onClose={() => setLogOf(null)} />
    </Stack>
  );
}
