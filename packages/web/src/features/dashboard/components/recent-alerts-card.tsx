import { alertKindLabels, alertText, type Alert } from '@ipam/core/api/alert';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { alertPath } from '../../../lib/alerts.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRecentAlerts } from '../api/get-recent-alerts.js';

const badgeColors: Record<Alert['kind'], string> = {
  new_host: 'blue',
  mac_changed: 'orange',
  went_stale: 'gray',
};

function AlertRow({ alert }: { alert: Alert }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="recent-alert">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Badge size="sm" variant="light" color={badgeColors[alert.kind]} style={{ flexShrink: 0 }}>
          {alertKindLabels[alert.kind]}
        </Badge>
        <Anchor component={Link} to={alertPath(alert)} size="sm" truncate>
          {alertText(alert)}
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(alert.createdAt)}
      </Text>
    </Group>
  );
}

/**
 * The account's newest discovery alerts (a new host, another MAC, an address gone stale), each opening
 * the IP view at its address; shown only once there are some.
 */
export function RecentAlertsCard({ accountId }: { accountId: string }) {
  const alerts = useRecentAlerts(accountId);
  const items = alerts.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Recent alerts">
      <Title order={3} fz="h4" mb="sm">
        Recent alerts
      </Title>
      <Stack gap={6}>
        {items.map((alert) => (
          <AlertRow key={alert.id} alert={alert} />
        ))}
      </Stack>
    </Card>
  );
}
