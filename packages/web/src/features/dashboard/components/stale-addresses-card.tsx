import type { Dashboard } from '@ipam/core/api/dashboard';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ipViewPath } from '../../../config/ip-view-url.js';

const lastSeenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * Addresses no scanner has seen for their subnet's "stale after" days, the longest unseen first, each
 * opening the IP view at the address; shown only when some subnet has stale addresses.
 */
export function StaleAddressesCard({ stale }: { stale: Dashboard['staleAddresses'] }) {
  if (stale.total === 0) return null;
  const more = stale.total - stale.items.length;
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Stale addresses">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="h4">
          Stale addresses
        </Title>
        <Badge size="lg" color="gray" variant="light" data-testid="stale-total">
          {stale.total}
        </Badge>
      </Group>
      <Stack gap={6}>
        {stale.items.map((item) => (
          <Group key={`${item.subnetId} ${item.ipAddress}`} justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              <Anchor component={Link} to={ipViewPath({ subnet: item.subnetId, at: item.ipAddress })}>
                {item.ipAddress}
              </Anchor>{' '}
              {item.hostname}{' '}
              <Text span c="dimmed" size="xs">
                {item.subnetName} {item.cidr}
              </Text>
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              last seen {lastSeenFormat.format(new Date(item.lastSeen))}
            </Text>
          </Group>
        ))}
        {more > 0 && (
          <Text size="xs" c="dimmed">
            and {more} more: open a subnet and choose Show Stale
          </Text>
        )}
      </Stack>
    </Card>
  );
}
