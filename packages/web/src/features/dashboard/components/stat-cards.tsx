import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconFolders, IconGauge, IconNetwork } from '@tabler/icons-react';
import type { ComponentType } from 'react';

interface StatCardProps {
  label: string;
  value: number | undefined;
  icon: ComponentType<{ size?: number }>;
}

function StatCard({ label, value, icon: Icon }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label={label}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={36} w={60} mt={6} />
          ) : (
            <Text fz={36} fw={700} data-testid="stat-value">
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light">
          <Icon size={26} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** The spec's three cards: Total Subnets, Total Groups, Max Networks. */
export function StatCards(props: { totalSubnets?: number; totalGroups?: number; maxNetworks?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <StatCard label="Total Subnets" value={props.totalSubnets} icon={IconNetwork} />
      <StatCard label="Total Groups" value={props.totalGroups} icon={IconFolders} />
      <StatCard label="Max Networks" value={props.maxNetworks} icon={IconGauge} />
    </SimpleGrid>
  );
}
