import { Alert, CloseButton, Group, Text } from '@mantine/core';
import type { TransientMessage } from './use-transient-message.js';

/** The calculator's current message (the spec's text, the server's detail under it), with a close button. */
export function CalculatorMessage({
  message,
  onDismiss,
}: {
  message: TransientMessage;
  onDismiss: () => void;
}) {
  return (
    <Alert
      mt="md"
      color={message.color}
      role="alert"
      withCloseButton={false}
      title={message.detail ? message.text : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{message.detail ?? message.text}</Text>
        <CloseButton size="sm" aria-label="Dismiss message" onClick={onDismiss} />
      </Group>
    </Alert>
  );
}
