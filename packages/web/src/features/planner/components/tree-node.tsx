import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { TreeRow } from '../lib/tree-rows.js';
import { grouped } from '../lib/grouped.js';
import { type SubnetHandlers, SubnetActions } from './subnet-actions.js';
import { StatusBadge, VlanBadge } from './subnet-badges.js';
import { UtilizationBar } from './utilization-bar.js';

interface TreeNodeProps {
  row: TreeRow;
  height: number;
  isSelected: boolean;
  isFocusable: boolean;
  showDetails: boolean;
  showUtilization: boolean;
  isWriting: boolean;
  handlers: SubnetHandlers;
  onToggle: (id: string) => void;
  onFocusRow: () => void;
}

/** One subnet of the tree (PL-53): name, network, badges, optional details and utilization, actions. */
export function TreeNode(props: TreeNodeProps) {
  const { row, height, isSelected, isFocusable, showDetails, showUtilization, isWriting, handlers } = props;
  const { subnet } = row;
  return (
    <Box
      role="treeitem"
      aria-level={row.level + 1}
      aria-setsize={row.setSize}
      aria-posinset={row.position}
      aria-expanded={row.hasChildren ? row.isExpanded : undefined}
      aria-selected={isSelected}
      aria-label={`${subnet.name} ${subnet.networkAddress}/${subnet.cidr}`}
      data-subnet-id={subnet.id}
      tabIndex={isFocusable ? 0 : -1}
      onFocus={props.onFocusRow}
      onClick={() => handlers.onSelect(subnet.id)}
      h={height}
      pl={8 + row.level * 24}
      pr={8}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        cursor: 'pointer',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: isSelected ? 'var(--mantine-color-blue-light)' : undefined,
        overflow: 'hidden',
      }}
    >
      <Box w={24} style={{ flex: 'none' }}>
        {row.hasChildren && (
          <ActionIcon
            variant="subtle"
            size="sm"
            tabIndex={-1}
            aria-label={`${row.isExpanded ? 'Collapse' : 'Expand'} ${subnet.name}`}
            onClick={(event) => {
              event.stopPropagation();
              props.onToggle(subnet.id);
            }}
          >
            {row.isExpanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        )}
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={500} size="sm" truncate>
            {subnet.name}
          </Text>
          <Text ff="monospace" size="sm">
            {subnet.networkAddress}/{subnet.cidr}
          </Text>
          <StatusBadge status={subnet.status} />
          <VlanBadge vlan={subnet.vlan} />
        </Group>
        {showDetails && (
          <Text size="xs" c="dimmed" truncate>
            Usable hosts: {grouped(subnet.details.usableHosts)} · Broadcast:{' '}
            {subnet.details.broadcastAddress ?? '—'} · Mask: {subnet.details.subnetMask} · Current hosts:{' '}
            {grouped(subnet.planning.currentHosts)} · Growth: {subnet.planning.plannedGrowth}% · Recommended:{' '}
            {subnet.planning.recommendedSize} · Reserved: {subnet.reservedAddresses.length}
          </Text>
        )}
      </Box>
      {showUtilization && <UtilizationBar subnet={subnet} />}
      <SubnetActions subnet={subnet} handlers={handlers} isWriting={isWriting} />
    </Box>
  );
}
