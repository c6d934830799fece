import type { Webhook, WebhookDelivery } from '@ipam/core/api/webhook';
import { isWebhookEventType } from '@ipam/core/schemas/webhook-schemas';
import { Badge, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { useDeliveries, useRedeliver, useSendTestEvent } from '../api/webhooks.js';
import { webhookEventLabels } from '../event-labels.js';

function eventLabel(event: string): string {
  return isWebhookEventType(event)
    ? webhookEventLabels[event]
    : event === 'webhook.test'
      ? 'Test event'
      : event;
}

function StateBadge({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.state === 'delivered')
    return (
      <Badge color="green" variant="light">
        Delivered
      </Badge>
    );
  if (delivery.state === 'failed')
    return (
      <Badge color="red" variant="light">
        Failed
      </Badge>
    );
  // Attempts count up when an attempt starts; the log has it once it ends.
  const label = delivery.lastAttempt !== null ? 'Retrying' : delivery.attempts > 0 ? 'Sending' : 'Pending';
  return (
    <Badge color="yellow" variant="light" title={`Next try ${formatDateTime(delivery.nextAttemptAt)}`}>
      {label}
    </Badge>
  );
}

interface DeliveryLogModalProps {
  accountId: string;
  webhook: Webhook | null;
  onClose: () => void;
}

/** A webhook's delivery log: each delivery's time, event, state, HTTP status, duration and answer. */
export function DeliveryLogModal({ accountId, webhook, onClose }: DeliveryLogModalProps) {
  return (
    <Modal opened={webhook !== null} onClose={onClose} title="Deliveries" size="80rem">
      {webhook && <DeliveryLog accountId={accountId} webhook={webhook} />}
    </Modal>
  );
}

function DeliveryLog({ accountId, webhook }: { accountId: string; webhook: Webhook }) {
  const deliveries = useDeliveries(accountId, webhook.id);
  const redeliver = useRedeliver(accountId, webhook.id);
  const sendTest = useSendTestEvent(accountId, webhook.id);
  const onError = (error: Error) => notifications.show({ color: 'red', message: errorMessage(error) });

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {webhook.url}
        </Text>
        <Button
          variant="light"
          loading={sendTest.isPending}
          onClick={() =>
            // The log shows the new delivery at once: only a failure needs a word.
            sendTest.mutate(undefined, { onError })
          }
        >
          Send test event
        </Button>
      </Group>
      {deliveries.isPending && <SectionLoader label="Loading deliveries..." />}
      {deliveries.isError && (
        <SectionError error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      )}
      {deliveries.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          Nothing sent yet. Changes to subscribed events appear here, or send a test event.
        </Text>
      )}
      {deliveries.data && deliveries.data.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label="Deliveries" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>HTTP</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((delivery) => {
                const last = delivery.lastAttempt;
                return (
                  <Table.Tr key={delivery.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(last?.at ?? delivery.createdAt)}
                    </Table.Td>
                    <Table.Td>{eventLabel(delivery.event)}</Table.Td>
                    <Table.Td>
                      <StateBadge delivery={delivery} />
                    </Table.Td>
                    <Table.Td>{last?.status ?? '—'}</Table.Td>
                    <Table.Td>{last ? `${last.durationMs} ms` : '—'}</Table.Td>
                    <Table.Td>{delivery.attempts}</Table.Td>
                    <Table.Td maw={320}>
                      {last?.error && (
                        <Text size="xs" c="red">
                          {last.error}
                        </Text>
                      )}
                      {last?.responseExcerpt && (
                        <Code block style={{ maxHeight: 80, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
                          {last.responseExcerpt}
                        </Code>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Redeliver ${eventLabel(delivery.event)} of ${formatDateTime(delivery.createdAt)}`}
                        loading={redeliver.isPending && redeliver.variables === delivery.id}
                        onClick={() => redeliver.mutate(delivery.id, { onError })}
                      >
                        Redeliver
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
