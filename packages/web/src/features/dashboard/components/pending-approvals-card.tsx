import type { Dashboard } from '@ipam/core/api/dashboard';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ipViewPath } from '../../../config/ip-view-url.js';

/** Where a subnet's pending approvals are reviewed: the IP view with its Pending Approvals dialog open. */
function approvalsLink(subnetId: string): string {
  return ipViewPath({ subnet: subnetId, approvals: 'open' });
}

/** Pending approvals of the account, per subnet, each with a link to review them. */
export function PendingApprovalsCard({ pending }: { pending: Dashboard['pendingApprovals'] }) {
  const more = pending.total - pending.subnets.reduce((sum, subnet) => sum + subnet.count, 0);
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Pending approvals">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="h4">
          Pending approvals
        </Title>
        <Badge
          size="lg"
          color={pending.total > 0 ? 'orange' : 'gray'}
          variant="light"
          data-testid="approvals-total"
        >
          {pending.total}
        </Badge>
      </Group>
      {pending.subnets.length === 0 ? (
        <Text c="dimmed" size="sm">
          No scan results are waiting for approval.
        </Text>
      ) : (
        <Stack gap={6}>
          {pending.subnets.map((subnet) => (
            <Group key={subnet.subnetId} justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {subnet.name}{' '}
                <Text span c="dimmed" size="xs">
                  {subnet.cidr}
                </Text>
              </Text>
              <Anchor component={Link} to={approvalsLink(subnet.subnetId)} size="sm">
                Review {subnet.count}
              </Anchor>
            </Group>
          ))}
          {more > 0 && (
            <Text size="xs" c="dimmed">
              and {more} more in other subnets
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
