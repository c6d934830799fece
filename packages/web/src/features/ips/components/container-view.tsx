import { useCan } from '../../../lib/use-can.js';
import { type Subnet, subnetCidr, type Vrf } from '@ipam/core/api/ipam';
import type { Prefix } from '@ipam/core/prefix';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group as Row,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconHistory, IconNetwork, IconPencil, IconPlus, IconStack2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SectionError } from '../../../components/ui/page-states.js';
import { historyPath } from '../../../config/history-url.js';
import { queryKeys } from '../../../lib/query-keys.js';
import { MAX_LEAVES_READ, useLeafUsage } from '../api/leaf-usage.js';
import { useContainerLevels } from '../api/subnet-levels.js';
import {
  addressCountText,
  free64Text,
  containerCoverage,
  containerRows,
  leavesBelow,
  levelsBelow,
  percentText,
} from '../subnet-hierarchy.js';

/** Most containers whose levels a container view reads (itself and those below, breadth first). */
export const MAX_LEVELS_READ = 50;

interface ContainerViewProps {
  accountId: string;
  container: Subnet;
  vrfs: readonly Vrf[];
  onSelect: (subnet: Subnet) => void;
  onEditSubnet: () => void;
  /** "Create subnet here": the create form for this free block (same VRF, a leaf). */
  onCreateHere: (block: Prefix) => void;
}

/**
 * A container in place of the address table (issue 30): how much of it its subnets cover and how
 * much of its leaves' addresses are used, then its subnets and the free blocks between them in
 * address order, each free block with "Create subnet here". Its subnets are read level by level
 * (`parentId`): its own, then those of the containers below it (at most MAX_LEVELS_READ levels).
 */
export function ContainerView(props: ContainerViewProps) {
  const { accountId, container, vrfs, onSelect, onEditSubnet, onCreateHere } = props;
  const isEditable = useCan().canEditIn(container.groupId);
  const queryClient = useQueryClient();
  // The levels read so far decide which to read next; each answer renders again and goes deeper.
  const below = levelsBelow(
    container.id,
    (id) => queryClient.getQueryData<Subnet[]>(queryKeys.subnetLevel(accountId, id)),
    MAX_LEVELS_READ,
  );
  const levels = useContainerLevels(accountId, below.containerIds);
  const own = levels[0];
  const subnets = below.subnets;
  const rows = containerRows(container, subnets);
  const coverage = containerCoverage(container, subnets);
  const freeSixtyFours = free64Text(rows.flatMap((row) => (row.type === 'free' ? [row.prefix] : [])));
  // Its own leaves first: their use shows in the rows even when there are too many to read them all.
  const leaves = leavesBelow(container, subnets).sort(
    (a, b) => Number(b.parentId === container.id) - Number(a.parentId === container.id),
  );
  const leafUsage = useLeafUsage(accountId, leaves);
  const vrf = vrfs.find((candidate) => candidate.id === container.vrfId);
  const childCount = rows.filter((row) => row.type === 'subnet').length;

  let used = 0n;
  let listed = 0n;
  for (const usage of leafUsage.usage.values()) {
    used += BigInt(usage.used);
    listed += BigInt(Math.round(usage.listed));
  }
  const usedText = below.isCapped
    ? `Use not summed: more than ${MAX_LEVELS_READ} containers inside`
    : !below.isComplete
      ? 'Reading use of leaf addresses...'
      : leaves.length === 0
        ? 'No leaf subnets yet'
        : leafUsage.isComplete
          ? `${percentText(used, listed)} of leaf addresses used`
          : leaves.length > MAX_LEAVES_READ
            ? `Use not summed: more than ${MAX_LEAVES_READ} leaf subnets`
            : leafUsage.isError
              ? 'Use of leaf addresses unavailable'
              : 'Reading use of leaf addresses...';

  const readIds = new Set(below.containerIds);
  const coverageText = (child: Subnet) => {
    if (queryClient.getQueryData(queryKeys.subnetLevel(accountId, child.id)) === undefined) {
      return readIds.has(child.id) ? '…' : '—';
    }
    const childCoverage = containerCoverage(child, subnets);
    return `${percentText(childCoverage.covered, childCoverage.total)} covered`;
  };

  return (
    <Stack gap="sm">
      <Row gap="xs" wrap="nowrap">
        <Title order={2} fz="h3">
          Container: {container.name}
        </Title>
        {isEditable && (
          <Tooltip label="Edit Subnet" withArrow>
            <ActionIcon variant="subtle" aria-label={`Edit subnet ${container.name}`} onClick={onEditSubnet}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Button
          component={Link}
          to={historyPath({ subnetId: container.id })}
          size="xs"
          variant="default"
          leftSection={<IconHistory size={14} />}
          ml="auto"
        >
          History
        </Button>
      </Row>
      <Text size="sm" c="dimmed" mt={-8}>
        {subnetCidr(container)} · VRF {vrf?.name ?? '…'} · VLAN {container.vlanId}
        {container.description ? ` · ${container.description}` : ''}
      </Text>
      {own?.isError ? (
        <SectionError error={own.error} onRetry={() => void own.refetch()} />
      ) : own?.data === undefined ? (
        <Text size="sm" c="dimmed">
          Reading its subnets...
        </Text>
      ) : (
        <>
          <Row gap="xs">
            <Badge size="lg" variant="light" color="blue" tt="none" data-testid="covered-percent">
              {percentText(coverage.covered, coverage.total)} covered by subnets
            </Badge>
            <Badge size="lg" variant="light" color="gray" tt="none" data-testid="leaf-used-percent">
              {usedText}
            </Badge>
            <Text size="xs" c="dimmed">
              {childCount === 1 ? '1 subnet' : `${childCount} subnets`} inside ·{' '}
              {addressCountText(coverage.total - coverage.covered)} free
              {freeSixtyFours ? ` (${freeSixtyFours})` : ''}
            </Text>
          </Row>
          <Table.ScrollContainer minWidth={440}>
            <Table highlightOnHover aria-label="Container contents" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Network</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Use</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  if (row.type === 'free') {
                    return (
                      <Table.Tr key={`free ${row.cidr}`} data-free-block={row.cidr}>
                        <Table.Td colSpan={4}>
                          <Text size="sm" c="dimmed">
                            {row.cidr} — {addressCountText(row.size)} free
                            {row.prefix.version === 6 && row.prefix.length < 64
                              ? ` · ${free64Text([row.prefix]) ?? ''}`
                              : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {isEditable && (
                            <Button
                              size="compact-xs"
                              variant="light"
                              leftSection={<IconPlus size={12} />}
                              aria-label={`Create subnet in ${row.cidr}`}
                              onClick={() => onCreateHere(row.prefix)}
                            >
                              Create subnet here
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  }
                  const child = row.subnet;
                  const isContainer = child.kind === 'container';
                  const usage = leafUsage.usage.get(child.id);
                  const use = isContainer
                    ? coverageText(child)
                    : usage
                      ? `${usage.usedPercent}% used`
                      : leafUsage.readIds.has(child.id)
                        ? '…'
                        : '—';
                  const Icon = isContainer ? IconStack2 : IconNetwork;
                  return (
                    <Table.Tr key={child.id} data-subnet-id={child.id}>
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          onClick={() => onSelect(child)}
                          aria-label={`Open ${child.name}`}
                        >
                          <Row gap={6} wrap="nowrap" component="span">
                            <Icon size={14} />
                            {child.name}
                          </Row>
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{subnetCidr(child)}</Table.Td>
                      <Table.Td>{isContainer ? 'Container' : 'Leaf'}</Table.Td>
                      <Table.Td>{use}</Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
