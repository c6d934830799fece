import { messages } from '@ipam/core/messages';
import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';

/** 'Saving changes...' over the plan view while any planner write runs (PL-43). */
export function SavingOverlay({ visible }: { visible: boolean }) {
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={150}
      overlayProps={{ blur: 1 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="xs" role="status" aria-live="polite">
            <Loader />
            <Text fw={500}>{messages.savingChanges}</Text>
          </Stack>
        ),
      }}
    />
  );
}
