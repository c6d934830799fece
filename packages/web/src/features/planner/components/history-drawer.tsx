import { Button, Drawer, Stack, Text, Timeline } from '@mantine/core';
import { SectionError, SectionLoader } from '../../../components/ui/page-states.js';
import { formatDateTime } from '../../../lib/format.js';
import { usePlanHistory } from '../api/plan-history.js';

interface HistoryDrawerProps {
  accountId: string;
  planId: string;
  opened: boolean;
  onClose: () => void;
}

/** The plan's change history, newest first: time, user, description (PL-77, PL-109). */
export function HistoryDrawer({ accountId, planId, opened, onClose }: HistoryDrawerProps) {
  const history = usePlanHistory(accountId, planId, opened);
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Drawer opened={opened} onClose={onClose} title="Plan History" position="right" size="md">
      {history.isPending ? (
        <SectionLoader label="Loading history..." />
      ) : history.isError ? (
        <SectionError error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <Stack>
          {entries.length === 0 && <Text c="dimmed">No changes yet.</Text>}
          <Timeline bulletSize={12} lineWidth={2}>
            {entries.map((entry) => (
              <Timeline.Item key={entry.id} title={entry.description}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.timestamp)} · {entry.userEmail ?? 'Unknown user'}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {history.hasNextPage && (
            <Button
              variant="default"
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
