import type { Webhook, WebhookWithSecret } from '@ipam/core/api/webhook';
import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  webhookCreateSchema,
  type WebhookEventType,
} from '@ipam/core/schemas/webhook-schemas';
import { Alert, Checkbox, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks.js';
import { webhookEventLabels } from '../event-labels.js';
import { WebhookSecretView } from './webhook-secret-view.js';

interface WebhookFormModalProps {
  accountId: string;
  opened: boolean;
  onClose: () => void;
  /** The webhook being edited; absent for Add Webhook. */
  webhook?: Webhook | null;
}

interface WebhookFields {
  url: string;
  events: WebhookEventType[];
  active: boolean;
}

/** Add Webhook / Edit Webhook: URL, events, active; a new webhook's secret is then shown once. */
export function WebhookFormModal({ accountId, opened, onClose, webhook }: WebhookFormModalProps) {
  const create = useCreateWebhook(accountId);
  const update = useUpdateWebhook(accountId);
  const save = webhook ? update : create;
  const { form, close, showFieldErrors, failure } = useDialogForm<WebhookFields>({
    openFor: opened ? (webhook?.id ?? 'new') : null,
    values: () =>
      webhook
        ? { url: webhook.url, events: webhook.events, active: webhook.active }
        : { url: 'https://', events: [], active: true },
    validate: schemaResolver(webhookCreateSchema, { sync: true }),
    requests: [create, update],
    onClose,
  });
  const created: WebhookWithSecret | undefined = webhook ? undefined : create.data;

  const submit = form.onSubmit((values) => {
    if (save.isPending) return;
    const fields = { url: values.url.trim(), events: values.events, active: values.active };
    if (webhook) {
      update.mutate(
        { webhookId: webhook.id, fields },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: 'Webhook saved.' });
            close();
          },
          onError: showFieldErrors,
        },
      );
    } else {
      create.mutate(fields, { onSuccess: () => form.resetDirty(), onError: showFieldErrors });
    }
  });
  const title = created ? 'Webhook added' : webhook ? 'Edit Webhook' : 'Add Webhook';

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" closeOnClickOutside={!created}>
      {created ? (
        <WebhookSecretView webhook={created} onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack>
            <TextInput
              label="URL"
              description="Where each event is POSTed (https://)"
              required
              data-autofocus
              spellCheck={false}
              autoComplete="off"
              maxLength={MAX_WEBHOOK_URL_LENGTH}
              {...form.getInputProps('url')}
            />
            <Checkbox.Group label="Events" required {...form.getInputProps('events')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={webhookEventLabels[type]} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
            {failure && (
              <Alert color="red" role="alert">
                {errorMessage(failure)}
              </Alert>
            )}
            <DialogActions
              onCancel={close}
              isSubmitting={save.isPending}
              submitLabel={webhook ? 'Save' : 'Add Webhook'}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
