import type { PlanSubnet } from '@ipam/core/api/plan';
import { planStats } from '@ipam/core/plan-tree';
import { Paper, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { statCards } from '../lib/plan-stats-text.js';

/** Total Subnets, Active Subnets, Total Hosts (exact, IPv4/IPv6 in its tooltip), Avg Utilization (PL-42). */
export function PlanStatCards({ subnets }: { subnets: readonly PlanSubnet[] }) {
  const cards = useMemo(() => statCards(planStats(subnets)), [subnets]);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      {cards.map((card) => {
        const value = (
          <Text fw={700} size="xl" data-testid="stat-value" style={{ overflowWrap: 'anywhere' }}>
            {card.value}
          </Text>
        );
        return (
          <Paper key={card.label} withBorder p="sm" radius="md" aria-label={card.label} role="group">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {card.label}
            </Text>
            {card.tooltip ? (
              <Tooltip label={card.tooltip}>
                <span>{value}</span>
              </Tooltip>
            ) : (
              value
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
