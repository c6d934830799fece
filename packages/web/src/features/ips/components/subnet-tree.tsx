import { type Group, type Subnet, subnetCidr, type Vrf } from '@ipam/core/api/ipam';
import { NavLink, Text } from '@mantine/core';
import { IconFolder, IconFolderOpen, IconNetwork, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { buildGroupTree, type GroupNode } from '../../../lib/groups/group-tree.js';
import { groupSubnetTrees, type SubnetNode } from '../subnet-hierarchy.js';

interface SubnetTreeProps {
  groups: readonly Group[];
  subnets: readonly Subnet[];
  vrfs: readonly Vrf[];
  selectedId: string | null;
  onSelect: (subnet: Subnet) => void;
}

/**
 * "Subnet Groups": each group opens (chevron) into its child groups and its subnets; a container opens
 * into the subnets it holds (issue 30). A subnet outside the Global VRF shows its VRF's name.
 */
export function SubnetTree({ groups, subnets, vrfs, selectedId, onSelect }: SubnetTreeProps) {
  // Groups and containers start open (an administrator's tree is small); a closed one stays closed
  // while here. Keys are 'g:<id>' for groups and 's:<id>' for containers.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const trees = groupSubnetTrees(subnets);
  const otherVrfName = new Map(vrfs.filter((vrf) => !vrf.isDefault).map((vrf) => [vrf.id, vrf.name]));

  const toggle = (key: string, isOpen: boolean) =>
    setClosed((before) => {
      const after = new Set(before);
      if (isOpen) after.delete(key);
      else after.add(key);
      return after;
    });

  const renderSubnet = ({ subnet, children }: SubnetNode) => {
    const cidr = subnetCidr(subnet);
    const vrfName = otherVrfName.get(subnet.vrfId);
    const isContainer = subnet.kind === 'container';
    const isSelected = subnet.id === selectedId;
    const key = `s:${subnet.id}`;
    const Icon = isContainer ? IconStack2 : IconNetwork;
    return (
      <NavLink
        key={subnet.id}
        component="button"
        label={subnet.name}
        description={vrfName ? `${cidr} · ${vrfName}` : cidr}
        // A long IPv6 network wraps instead of hiding its prefix length.
        styles={{ description: { overflowWrap: 'anywhere' } }}
        leftSection={<Icon size={16} />}
        active={isSelected}
        aria-current={isSelected ? 'true' : undefined}
        aria-label={`${isContainer ? 'Container' : 'Subnet'} ${subnet.name} ${cidr}${vrfName ? ` in VRF ${vrfName}` : ''}`}
        data-subnet-id={subnet.id}
        onClick={() => onSelect(subnet)}
        // A container opens when it is chosen; once chosen, its chevron closes and opens it.
        opened={children.length > 0 ? !closed.has(key) : undefined}
        onChange={(open) => toggle(key, open || !isSelected)}
        childrenOffset={14}
      >
        {children.length > 0 ? children.map(renderSubnet) : undefined}
      </NavLink>
    );
  };

  const renderGroup = (node: GroupNode<Group>) => {
    const { group } = node;
    const key = `g:${group.id}`;
    const isOpen = !closed.has(key);
    const own = trees.get(group.id) ?? [];
    return (
      <NavLink
        key={group.id}
        component="button"
        label={group.name}
        title={group.description || undefined}
        leftSection={isOpen ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
        opened={isOpen}
        onChange={(open) => toggle(key, open)}
        childrenOffset={14}
        aria-label={`Group ${group.name}`}
        data-group-id={group.id}
      >
        {node.children.map(renderGroup)}
        {own.map(renderSubnet)}
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
