import {
  maxSupportMessageLength,
  maxSupportSubjectLength,
  type SupportMessageInput,
  supportMessageSchema,
} from '@ipam/core/schemas/auth-schemas';
import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api-client.js';
import { useSendSupportMessage } from '../../lib/support-messages.js';

interface BuiltInMessageFormProps {
  kind: SupportMessageInput['kind'];
}

const receivedText = {
  support: 'Thank you! Your support request was received. We answer by e-mail within 24 hours.',
  feedback: 'Thank you! Your feedback was received.',
};

/** The form used when the operator configured no external form: the message is stored on the server. */
export function BuiltInMessageForm({ kind }: BuiltInMessageFormProps) {
  const send = useSendSupportMessage();
  const form = useForm({
    initialValues: { kind, subject: '', message: '' },
    validate: schemaResolver(supportMessageSchema, { sync: true }),
  });

  if (send.isSuccess) {
    return (
      <Stack align="flex-start">
        <Alert color="green" icon={<IconCircleCheck size={18} />} title="Message received" role="status">
          {receivedText[kind]}
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
