import { messages } from '@ipam/core/messages';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFolderOpen, IconPlus, IconSitemap } from '@tabler/icons-react';

/** PL-36: no plan selected; `onCreate` is null for those who may not make plans. */
export function NoPlanState({ onCreate, onSelect }: { onCreate: (() => void) | null; onSelect: () => void }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm">
        <IconSitemap size={48} stroke={1.2} aria-hidden />
        <Title order={3}>{messages.noPlanSelected}</Title>
        <Text c="dimmed" ta="center">
          {onCreate ? messages.noPlanSelectedHint : messages.noPlanSelectedReadOnlyHint}
        </Text>
        <Group mt="sm">
          {onCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
              Create New Plan
            </Button>
          )}
          <Button variant="default" leftSection={<IconFolderOpen size={16} />} onClick={onSelect}>
            Select Existing Plan
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
