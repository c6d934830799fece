import type { Prefix } from '@ipam/core/prefix';
import { subnetWarnings } from '@ipam/core/subnet-warnings';
import { Badge, Group as Row } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The spec's size and utilization warnings of a subnet (§5), each a badge; nothing when there are none. */
export function SubnetWarningList({ prefix, usedAddresses = 0 }: { prefix: Prefix; usedAddresses?: number }) {
  const warnings = subnetWarnings(prefix, usedAddresses);
  if (warnings.length === 0) return null;
  return (
    <Row gap={6} role="status" aria-label="Subnet warnings">
      {warnings.map((warning) => (
        <Badge
          key={warning.type}
          size="lg"
          variant="light"
          color={warning.type === 'VERY_HIGH_UTILIZATION' ? 'red' : 'orange'}
          tt="none"
          fw={500}
          leftSection={<IconAlertTriangle size={14} />}
          data-warning={warning.type}
        >
          {warning.message}
        </Badge>
      ))}
    </Row>
  );
}
