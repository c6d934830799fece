import {
  maxSupportMessageLength,
  maxSupportSubjectLength,
  type SupportMessageInput,
  supportMessageSchema,
} from '@ipam/core/schemas/auth-schemas';
import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { messages } from '@ipam/core/messages';
import { errorMessage } from '../../lib/api-client.js';
import { useAppConfig } from '../../lib/app-config.js';
import { useSendSupportMessage } from '../../lib/support-messages.js';

interface BuiltInMessageFormProps {
  kind: SupportMessageInput['kind'];
}

/** What the sender reads once the message is stored; an answer by e-mail is promised only when one can come. */
function receivedText(kind: SupportMessageInput['kind'], supportByEmail: boolean): string {
  if (kind === 'feedback') return 'Thank you! Your feedback was received.';
  return supportByEmail ? messages.supportReceivedByEmail : messages.supportReceivedStored;
}

/** The form used when the operator configured no external form: the message is stored on the server. */
export function BuiltInMessageForm({ kind }: BuiltInMessageFormProps) {
  const send = useSendSupportMessage();
  const supportByEmail = useAppConfig().data?.supportByEmail === true;
  const form = useForm({
    initialValues: { kind, subject: '', message: '' },
    validate: schemaResolver(supportMessageSchema, { sync: true }),
  });

  if (send.isSuccess) {
    return (
      <Stack align="flex-start">
        <Alert color="green" icon={<IconCircleCheck size={18} />} title="Message received" role="status">
          {receivedText(kind, supportByEmail)}
        </Alert>
        <Button
          variant="light"
          onClick={() => {
            form.reset();
            send.reset();
          }}
        >
          Send another message
        </Button>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        send.mutate({ ...values, subject: values.subject.trim() || undefined }),
      )}
      noValidate
    >
      <Stack>
        {kind === 'support' && (
          <TextInput
            label="Subject"
            maxLength={maxSupportSubjectLength}
            data-autofocus
            autoFocus
            {...form.getInputProps('subject')}
          />
        )}
        <Textarea
          label={kind === 'support' ? 'How can we help?' : 'Your feedback'}
          required
          autosize
          minRows={5}
          maxLength={maxSupportMessageLength}
          data-autofocus={kind === 'feedback' || undefined}
          {...form.getInputProps('message')}
        />
        {send.isError && (
          <Alert color="red" role="alert">
            {errorMessage(send.error)}
          </Alert>
        )}
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          Send
        </Button>
      </Stack>
    </form>
  );
}
