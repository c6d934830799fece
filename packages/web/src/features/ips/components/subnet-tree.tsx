import { type Group, type Subnet, subnetCidr } from '@ipam/core/api/ipam';
import { NavLink, Text } from '@mantine/core';
import { IconFolder, IconFolderOpen, IconNetwork } from '@tabler/icons-react';
import { useState } from 'react';
import { buildGroupTree, type GroupNode } from '../../../lib/groups/group-tree.js';

interface SubnetTreeProps {
  groups: readonly Group[];
  subnets: readonly Subnet[];
  selectedId: string | null;
  onSelect: (subnet: Subnet) => void;
}

/** "Subnet Groups": each group opens (chevron) into its child groups and its subnets. */
export function SubnetTree({ groups, subnets, selectedId, onSelect }: SubnetTreeProps) {
  // Groups start open (an administrator's tree is small); a closed group stays closed while here.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const subnetsOf = new Map<string, Subnet[]>();
  for (const subnet of subnets)
    subnetsOf.set(subnet.groupId, [...(subnetsOf.get(subnet.groupId) ?? []), subnet]);

  const toggle = (groupId: string, isOpen: boolean) =>
    setClosed((before) => {
      const after = new Set(before);
      if (isOpen) after.delete(groupId);
      else after.add(groupId);
      return after;
    });

  const renderGroup = (node: GroupNode<Group>) => {
    const { group } = node;
    const isOpen = !closed.has(group.id);
    const own = subnetsOf.get(group.id) ?? [];
    return (
      <NavLink
        key={group.id}
        component="button"
        label={group.name}
        title={group.description || undefined}
        leftSection={isOpen ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
        opened={isOpen}
        onChange={(open) => toggle(group.id, open)}
        childrenOffset={14}
        aria-label={`Group ${group.name}`}
        data-group-id={group.id}
      >
        {node.children.map(renderGroup)}
        {own.map((subnet) => (
          <NavLink
            key={subnet.id}
            component="button"
            label={subnet.name}
            description={subnetCidr(subnet)}
            // A long IPv6 network wraps instead of hiding its prefix length.
            styles={{ description: { overflowWrap: 'anywhere' } }}
            leftSection={<IconNetwork size={16} />}
            active={subnet.id === selectedId}
            aria-current={subnet.id === selectedId ? 'true' : undefined}
            aria-label={`Subnet ${subnet.name} ${subnetCidr(subnet)}`}
            onClick={() => onSelect(subnet)}
          />
        ))}
        {node.children.length === 0 && own.length === 0 && (
          <Text size="xs" c="dimmed" px="sm" py={4}>
            No subnets in this group
          </Text>
        )}
      </NavLink>
    );
  };

  return <nav aria-label="Subnet Groups">{buildGroupTree(groups).map(renderGroup)}</nav>;
}
