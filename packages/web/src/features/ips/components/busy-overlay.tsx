import { LoadingOverlay, Loader, Stack, Text } from '@mantine/core';

/** The spec's busy overlay: covers its parent (position: relative) with a spinner and a message. */
export function BusyOverlay({ visible, message = 'Please wait...' }: { visible: boolean; message?: string }) {
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={1000}
      overlayProps={{ blur: 1 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="xs" role="status" aria-live="polite">
            <Loader />
            <Text fw={500}>{message}</Text>
          </Stack>
        ),
      }}
    />
  );
}
