import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog's Cancel and submit buttons, right-aligned; the submit button shows its request while it
 * runs. `children` are actions on the left (Clear, Delete ...).
 */
export function DialogActions({
  onCancel,
  isSubmitting,
  submitLabel,
  children,
}: {
  onCancel: () => void;
  isSubmitting: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  return (
    <Group justify={children ? 'space-between' : 'flex-end'}>
      {children}
      <Group>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Group>
    </Group>
  );
}
