import type { AuditItem } from '@ipam/core/api/ipam';
import { changeAuthor, changeSummary } from '@ipam/core/audit/describe-audit';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ChangeDetails } from '../../../components/audit/change-details.js';
import { paths } from '../../../config/paths.js';
import { formatDateTime } from '../../../lib/format.js';

/** The newest entries of the audit log, with a link to the whole history. */
export function LatestChangesCard({ changes }: { changes: readonly AuditItem[] }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Latest changes">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="h4">
          Latest changes
        </Title>
        <Anchor component={Link} to={paths.history} size="sm">
          View all history
        </Anchor>
      </Group>
      {changes.length === 0 ? (
        <Text c="dimmed" size="sm">
          No changes yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {changes.map((item) => (
            <div key={item.id} data-testid="latest-change">
              <Text size="sm" fw={600}>
                {changeSummary(item, { names: item.names })}
              </Text>
              <Text size="xs" c="dimmed">
                {changeAuthor(item)} · {formatDateTime(item.at)}
              </Text>
              <ChangeDetails item={item} max={3} />
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
