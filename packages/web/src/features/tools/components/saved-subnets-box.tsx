import { ActionIcon, Alert, Badge, Button, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { messages } from '@ipam/core/messages';
import { IconArrowBackUp, IconDownload, IconTrash } from '@tabler/icons-react';
import { SectionLoader } from '../../../components/ui/page-states.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import type { SavedCalculation } from '../api/calculations.js';
import type { BaseResult } from './calculator-definitions.js';
import { DraggableBox } from './draggable-box.js';

interface SavedSubnetsBoxProps<Result extends BaseResult> {
  title: string;
  hasAccount: boolean;
  items: SavedCalculation<Result>[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  deletingId: string | undefined;
  onLoad: (item: SavedCalculation<Result>) => void;
  onDelete: (item: SavedCalculation<Result>) => void;
  onExport: () => void;
}

const cidrOf = (result: BaseResult) => `${result.networkAddress}/${result.cidr}`;

/** The draggable 'Saved ... Subnets' box: newest first, load back into the calculator, delete, export. */
export function SavedSubnetsBox<Result extends BaseResult>(props: SavedSubnetsBoxProps<Result>) {
  const { title, items } = props;
  return (
    <DraggableBox
      title={title}
      actions={
        <Group gap={6} wrap="nowrap">
          {items && (
            <Badge variant="light" aria-label={`${items.length} saved`}>
              {items.length}
            </Badge>
          )}
          <Tooltip label="Export saved subnets as CSV">
            <ActionIcon variant="subtle" aria-label="Export saved subnets as CSV" onClick={props.onExport}>
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
    >
      <Stack p="sm" gap="xs">
        <SavedBody {...props} />
      </Stack>
    </DraggableBox>
  );
}

function SavedBody<Result extends BaseResult>(props: SavedSubnetsBoxProps<Result>) {
  const { items } = props;
  if (!props.hasAccount) {
    return (
      <Text c="red" size="sm" role="alert">
        {messages.noAccountSelected}
      </Text>
    );
  }
  if (props.error) {
    return (
      <Alert color="red" title={messages.failedToLoadSaved} role="alert">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{errorMessage(props.error, messages.failedToLoadSaved)}</Text>
          <Button size="xs" variant="light" color="red" onClick={props.onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (props.isLoading || !items) return <SectionLoader label="Loading saved subnets..." />;
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No saved subnets yet. Calculate a subnet and press Save to keep it here.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={440} type="auto" offsetScrollbars>
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={props.title}>
        {items.map((item, index) => (
          <Group
            key={item.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            py={6}
            style={{
              borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-default-border)',
            }}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {cidrOf(item.result)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {item.ipAddress} {item.mask} · {formatDateTime(item.createdAt, '')}
                {item.createdByEmail ? ` · ${item.createdByEmail}` : ''}
              </Text>
            </Stack>
            <Group gap={2} wrap="nowrap">
              <Tooltip label="Load into the calculator">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Load ${item.ipAddress} ${item.mask}`}
                  onClick={() => props.onLoad(item)}
                >
                  <IconArrowBackUp size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${cidrOf(item.result)} (${item.ipAddress} ${item.mask})`}
                  loading={props.deletingId === item.id}
                  onClick={() => props.onDelete(item)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
