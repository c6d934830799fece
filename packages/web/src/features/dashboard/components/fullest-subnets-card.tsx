import { usedPercentText } from '@ipam/core/address-listing';
import { DEFAULT_VRF_NAME } from '@ipam/core/schemas/vrf-schemas';
import { digitGroups } from '@ipam/core/address-ranges';
import type { SubnetUsage } from '@ipam/core/api/dashboard';
import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';

function colorOf(subnet: SubnetUsage): string {
  if (subnet.warning?.type === 'VERY_HIGH_UTILIZATION') return 'red';
  if (subnet.warning?.type === 'HIGH_UTILIZATION') return 'orange';
  return 'blue';
}

/** The fullest subnets with their used bars and the spec's 80 % / 90 % warnings. */
export function FullestSubnetsCard({ subnets }: { subnets: readonly SubnetUsage[] }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Fullest subnets">
      <Title order={3} fz="h4" mb="sm">
        Fullest subnets
      </Title>
      {subnets.length === 0 ? (
        <Text c="dimmed" size="sm">
          No subnets yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {subnets.map((subnet) => (
            <div key={subnet.id} data-testid="fullest-subnet">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  <Anchor
                    component={Link}
                    to={`${paths.ips}?subnet=${encodeURIComponent(subnet.id)}`}
                    fw={600}
                  >
                    {subnet.name}
                  </Anchor>{' '}
                  <Text span c="dimmed" size="xs">
                    {subnet.cidr}
                    {subnet.vrfName === DEFAULT_VRF_NAME ? '' : ` · VRF ${subnet.vrfName}`}
                  </Text>
                </Text>
                <Text size="sm" fw={600} c={colorOf(subnet)} data-testid="subnet-used">
                  {usedPercentText(subnet.usedPercent, subnet.used)} Used
                </Text>
              </Group>
              <Progress
                value={subnet.usedPercent}
                color={colorOf(subnet)}
                size="md"
                mt={4}
                aria-label={`${subnet.name}: ${subnet.used.toLocaleString()} of ${digitGroups(String(subnet.listed))} addresses used`}
              />
              {subnet.warning && (
                <Group gap={4} mt={4} wrap="nowrap">
                  <IconAlertTriangle size={14} color={`var(--mantine-color-${colorOf(subnet)}-7)`} />
                  <Text size="xs" c={`${colorOf(subnet)}.8`} data-testid="usage-warning">
                    {subnet.warning.message}
                  </Text>
                </Group>
              )}
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
