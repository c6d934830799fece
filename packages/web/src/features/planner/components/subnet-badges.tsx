import type { PlanSubnet } from '@ipam/core/api/plan';
import { Badge } from '@mantine/core';
import { statusColor } from '../lib/plan-stats-text.js';

/** The status badge: active green, planned blue, deprecated gray, subdivided violet (PL-53). */
export function StatusBadge({ status }: { status: PlanSubnet['status'] }) {
  return (
    <Badge size="sm" variant="light" color={statusColor[status]}>
      {status}
    </Badge>
  );
}

/** 'VLAN {id}' when the subnet has one (PL-53). */
export function VlanBadge({ vlan }: { vlan: PlanSubnet['vlan'] }) {
  if (!vlan) return null;
  return (
    <Badge size="sm" variant="outline" color="gray">
      VLAN {vlan.id}
    </Badge>
  );
}
