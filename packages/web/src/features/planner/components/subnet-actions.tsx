import type { PlanSubnet } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowsSplit2, IconEdit, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';

export interface SubnetHandlers {
  onSelect: (subnetId: string) => void;
  onEdit: (subnetId: string) => void;
  onDelete: (subnetId: string) => void;
  onSplit: (subnetId: string) => void;
}

/** `/ips?create=ipv4&cidr=10.0.0.0/24`: the Create Subnet dialog prefilled, as from the calculators (PL-114). */
export function createSubnetLink(subnet: PlanSubnet): string {
  const search = new URLSearchParams({
    create: subnet.ipVersion === 'IPv4' ? 'ipv4' : 'ipv6',
    cidr: `${subnet.networkAddress}/${subnet.cidr}`,
  });
  return `${paths.ips}?${search.toString()}`;
}

/** Edit, Split, Delete and 'Create subnet from this', each named after the subnet (PL-56, PL-114). */
export function SubnetActions({
  subnet,
  handlers,
  isWriting,
}: {
  subnet: PlanSubnet;
  handlers: SubnetHandlers;
  isWriting: boolean;
}) {
  const hasChildren = subnet.childSubnetIds.length > 0;
  return (
    <Group gap={2} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <Tooltip label="Edit">
        <ActionIcon
          variant="subtle"
          aria-label={`Edit ${subnet.name}`}
          onClick={() => handlers.onEdit(subnet.id)}
        >
          <IconEdit size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={hasChildren ? messages.alreadySubdivided : 'Split'}>
        {/* A span keeps the tooltip working on a disabled button. */}
        <span>
          <ActionIcon
            variant="subtle"
            aria-label={`Split ${subnet.name}`}
            disabled={hasChildren}
            onClick={() => handlers.onSplit(subnet.id)}
          >
            <IconArrowsSplit2 size={16} />
          </ActionIcon>
        </span>
      </Tooltip>
      <Tooltip label="Create subnet from this">
        <ActionIcon
          variant="subtle"
          component={Link}
          to={createSubnetLink(subnet)}
          aria-label={`Create subnet from this: ${subnet.name}`}
        >
          <IconExternalLink size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${subnet.name}`}
          disabled={isWriting}
          onClick={() => handlers.onDelete(subnet.id)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
