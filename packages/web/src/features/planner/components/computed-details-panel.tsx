import type { PlanSubnetDerived } from '@ipam/core/plan-subnet-details';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { grouped } from '../lib/grouped.js';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff="monospace" data-testid={`computed-${label}`}>
        {value}
      </Text>
    </div>
  );
}

/** The editor's read-only computed details and live warnings (PL-57, when autoCalculateDetails is on). */
export function ComputedDetailsPanel({ derived }: { derived: PlanSubnetDerived | null }) {
  return (
    <Paper withBorder p="sm" aria-label="Computed details">
      {derived === null ? (
        <Text size="sm" c="dimmed">
          Enter a network address and CIDR to see the computed details.
        </Text>
      ) : (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
            <Figure label="Usable Hosts" value={grouped(derived.details.usableHosts)} />
            <Figure label="Broadcast Address" value={derived.details.broadcastAddress ?? '—'} />
            <Figure label="Subnet Mask" value={derived.details.subnetMask} />
            <Figure label="Utilization" value={`${derived.details.utilization.percentage}%`} />
            <Figure label="Recommended Size" value={derived.recommendedSize} />
          </SimpleGrid>
          {derived.validationResults.warnings.map((warning) => (
            <Text key={warning.type} size="sm" c="yellow.8" role="status">
              {warning.message}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
