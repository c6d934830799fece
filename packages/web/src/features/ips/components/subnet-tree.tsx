import { type Group, type Subnet, subnetCidr, type Vrf } from '@ipam/core/api/ipam';
import { NavLink, Text } from '@mantine/core';
import { IconFolder, IconFolderOpen, IconNetwork, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { buildGroupTree, type GroupNode } from '../../../lib/groups/group-tree.js';
import { useContainerLevel } from '../api/subnet-levels.js';
import { inAddressOrder, topLevelByGroup } from '../subnet-hierarchy.js';

interface SubnetTreeProps {
  accountId: string;
  groups: readonly Group[];
  /** The subnets no container holds (of the VRF in view). */
  topLevel: readonly Subnet[];
  vrfs: readonly Vrf[];
  /** The selected subnet's containers and itself, outermost first ([] when none is selected). */
  selectedPath: readonly Subnet[];
  onSelect: (subnet: Subnet) => void;
}

/** What the tree's rows share. */
interface RowContext {
  accountId: string;
  otherVrfName: ReadonlyMap<string, string>;
  selectedId: string | null;
  isOpen: (key: string, byDefault: boolean) => boolean;
  toggle: (key: string, isOpen: boolean) => void;
  onSelect: (subnet: Subnet) => void;
}

/**
 * "Subnet Groups": each group opens (chevron) into its child groups and its top-level subnets; a
 * container opens into the subnets it holds (issue 30), read from the server only once it is open
 * (an account may hold ~100,000 subnets). A subnet outside the Global VRF shows its VRF's name. A
 * subnet shows under its container, whatever its group.
 */
export function SubnetTree({ accountId, groups, topLevel, vrfs, selectedPath, onSelect }: SubnetTreeProps) {
  // Groups start open, containers closed; each chevron click is kept while here, and a newly selected
  // subnet's containers (and itself, a container) open. Keys are 'g:<id>' for groups and 's:<id>'
  // for containers.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const pathKey = selectedPath.map((subnet) => subnet.id).join('/');
  const [openedPath, setOpenedPath] = useState('');
  if (pathKey !== openedPath) {
    setOpenedPath(pathKey);
    setToggled((before) => {
      const after = new Map(before);
      for (const subnet of selectedPath) if (subnet.kind === 'container') after.set(`s:${subnet.id}`, true);
      return after;
    });
  }
  const byGroup = topLevelByGroup(topLevel);
  const context: RowContext = {
    accountId,
    otherVrfName: new Map(vrfs.filter((vrf) => !vrf.isDefault).map((vrf) => [vrf.id, vrf.name])),
    selectedId: selectedPath.at(-1)?.id ?? null,
    isOpen: (key, byDefault) => toggled.get(key) ?? byDefault,
    toggle: (key, isOpen) => setToggled((before) => new Map(before).set(key, isOpen)),
    onSelect,
  };

  const renderGroup = (node: GroupNode<Group>) => {
    const { group } = node;
    const key = `g:${group.id}`;
    const isOpen = context.isOpen(key, true);
    const own = byGroup.get(group.id) ?? [];
    return (
      <NavLink
        key={group.id}
        component="button"
        label={group.name}
        title={group.description || undefined}
        leftSection={isOpen ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
        opened={isOpen}
        onChange={(open) => context.toggle(key, open)}
        childrenOffset={14}
        aria-label={`Group ${group.name}`}
        data-group-id={group.id}
      >
        {node.children.map(renderGroup)}
        {own.map((subnet) => (
          <SubnetRow key={subnet.id} subnet={subnet} context={context} />
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

/** One subnet; a container with a chevron, its level read when open. */
function SubnetRow({ subnet, context }: { subnet: Subnet; context: RowContext }) {
  const cidr = subnetCidr(subnet);
  const vrfName = context.otherVrfName.get(subnet.vrfId);
  const isContainer = subnet.kind === 'container';
  const isSelected = subnet.id === context.selectedId;
  const key = `s:${subnet.id}`;
  const isOpen = isContainer && context.isOpen(key, false);
  const Icon = isContainer ? IconStack2 : IconNetwork;
  return (
    <NavLink
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
      onClick={() => context.onSelect(subnet)}
      // A container opens when it is chosen; once chosen, its chevron closes and opens it.
      opened={isContainer ? isOpen : undefined}
      onChange={(open) => context.toggle(key, open || !isSelected)}
      childrenOffset={14}
    >
      {isContainer ? isOpen ? <ContainerLevel container={subnet} context={context} /> : <span /> : undefined}
    </NavLink>
  );
}

/** An open container's subnets in address order, read from the server. */
function ContainerLevel({ container, context }: { container: Subnet; context: RowContext }) {
  const level = useContainerLevel(context.accountId, container.id);
  const note = (text: string) => (
    <Text size="xs" c="dimmed" px="sm" py={4}>
      {text}
    </Text>
  );
  if (level.isError) return note('Could not read its subnets');
  if (!level.data) return note('Loading...');
  const children = inAddressOrder(level.data.filter((child) => child.id !== container.id));
  if (children.length === 0) return note('No subnets in this container');
  return (
    <>
      {children.map((child) => (
        <SubnetRow key={child.id} subnet={child} context={context} />
      ))}
    </>
  );
}
