import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isRunning: boolean;
  /** The failure's text, shown above the buttons. */
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before a destructive write; it cannot be closed while the write runs. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, children, confirmLabel, isRunning, failure, onConfirm, onClose } = props;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeOnEscape={!isRunning}
      closeOnClickOutside={!isRunning}
    >
      <Stack>
        <Text component="div">{children}</Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isRunning}>
            Cancel
          </Button>
          <Button color="red" loading={isRunning} onClick={() => !isRunning && onConfirm()} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
