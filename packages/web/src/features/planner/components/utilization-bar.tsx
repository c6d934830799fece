import type { PlanSubnet } from '@ipam/core/api/plan';
import { Group, Progress, Text } from '@mantine/core';
import { utilizationColor, utilizationLevel } from '../lib/plan-stats-text.js';

/** A subnet's utilization: a bar classed high / medium / low (PL-54) with aria-valuenow (PL-107), and 'N%'. */
export function UtilizationBar({ subnet, width = 90 }: { subnet: PlanSubnet; width?: number }) {
  const percentage = subnet.details.utilization.percentage;
  const level = utilizationLevel(subnet.planning.currentHosts, subnet.details.usableHosts);
  return (
    <Group gap={6} wrap="nowrap" data-level={level}>
      <Progress
        w={width}
        value={Math.min(100, percentage)}
        color={utilizationColor[level]}
        aria-label={`Utilization of ${subnet.name}`}
      />
      <Text size="xs" w={44}>
        {percentage}%
      </Text>
    </Group>
  );
}
