import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api-client.js';

/** A centred spinner with a visible label, for a whole page that is loading. */
export function FullPageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A loading line for a section of a page. */
export function SectionLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Group gap="xs" py="md" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text c="dimmed">{label}</Text>
    </Group>
  );
}

/** An error with the server's message and a retry button. */
export function SectionError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Something went wrong" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error, 'The data could not be loaded.')}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The same error for a whole page. */
export function FullPageError(props: { error: unknown; onRetry?: () => void }) {
  return (
    <Center mih="60vh" p="md">
      <SectionError {...props} />
    </Center>
  );
}
