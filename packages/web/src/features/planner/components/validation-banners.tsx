import type { PlanValidation } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoTriangle } from '@tabler/icons-react';
import { validationBanner } from '../lib/validation-banner.js';

/** The one validation banner below the toolbar (PL-41), role="alert" (PL-107). */
export function ValidationBanners({
  validation,
  onDetails,
}: {
  validation: PlanValidation | null;
  onDetails: () => void;
}) {
  const banner = validationBanner(validation);
  if (banner === null) return null;
  const details = (
    <Button size="xs" variant="white" onClick={onDetails}>
      View Details
    </Button>
  );
  if (banner.kind === 'overlaps') {
    return (
      <Alert
        color="red"
        role="alert"
        icon={<IconAlertTriangle size={18} />}
        title={messages.overlapsDetected}
      >
        <Group justify="space-between">
          <Text size="sm">{messages.overlapPairsFound(banner.count)}</Text>
          {details}
        </Group>
      </Alert>
    );
  }
  if (banner.kind === 'warnings') {
    return (
      <Alert color="yellow" role="alert" icon={<IconInfoTriangle size={18} />}>
        <Group justify="space-between">
          <Text size="sm">{messages.warningsFound(banner.count)}</Text>
          {details}
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color="green" role="alert" icon={<IconCircleCheck size={18} />}>
      <Text size="sm">{messages.validationPassed}</Text>
    </Alert>
  );
}
