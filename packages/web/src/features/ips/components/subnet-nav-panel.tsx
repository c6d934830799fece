import type { Group, Subnet, Vrf } from '@ipam/core/api/ipam';
import { ActionIcon, Anchor, Group as Row, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionError } from '../../../components/ui/page-states.js';
import { paths } from '../../../config/paths.js';
import { useCan } from '../../../lib/use-can.js';
import { useTopSubnets } from '../api/subnet-levels.js';
import { panelButtonReasons } from '../panel-rules.js';
import { ReasonedButton } from './reasoned-button.js';
import { SubnetTree } from './subnet-tree.js';

interface SubnetNavPanelProps {
  accountId: string;
  tier: number;
  maxnetworks: number;
  /** How many subnets the account holds (its counts, not a list). */
  subnetCount: number;
  groups: readonly Group[];
  vrfs: readonly Vrf[];
  /** The selected subnet's containers and itself, outermost first ([] when none is selected). */
  selectedPath: readonly Subnet[];
  onSelect: (subnet: Subnet) => void;
  onAddGroup: () => void;
  onAddSubnet: (version: 4 | 6) => void;
  onEditSubnet: () => void;
}

/** The subnet navigation panel (spec §2): create buttons, Manage Groups, and the Subnet Groups tree. */
export function SubnetNavPanel(props: SubnetNavPanelProps) {
  const { groups, selectedPath } = props;
  const { can, canEditIn, canEditAll } = useCan();
  const selected = selectedPath.at(-1);
  // '' shows every VRF; a subnet's container is always of its VRF, so the top level decides.
  const [vrfId, setVrfId] = useState('');
  const topLevel = useTopSubnets(props.accountId, vrfId);
  const reasons = panelButtonReasons({
    tier: props.tier,
    maxnetworks: props.maxnetworks,
    subnetCount: props.subnetCount,
    groupCount: groups.length,
    hasSelectedSubnet: selectedPath.length > 0,
  });
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        {can('editor') && (
          <Row gap={6}>
            {canEditAll && (
              <ReasonedButton size="xs" variant="light" disabledReason={null} onClick={props.onAddGroup}>
                + Group
              </ReasonedButton>
            )}
            <ReasonedButton
              size="xs"
              variant="light"
              disabledReason={reasons.ipv4}
              onClick={() => props.onAddSubnet(4)}
            >
              + IPv4 Subnet
            </ReasonedButton>
            <ReasonedButton
              size="xs"
              variant="light"
              disabledReason={reasons.ipv6}
              onClick={() => props.onAddSubnet(6)}
            >
              + IPv6 Subnet
            </ReasonedButton>
            {(!selected || canEditIn(selected.groupId)) && (
              <Tooltip label={reasons.editSubnet ?? 'Edit Subnet'} withArrow>
                <ActionIcon
                  variant="light"
                  size="md"
                  aria-label="Edit Subnet"
                  aria-disabled={reasons.editSubnet !== null || undefined}
                  data-disabled={reasons.editSubnet !== null || undefined}
                  onClick={() => {
                    if (reasons.editSubnet === null) props.onEditSubnet();
                  }}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Row>
        )}
        <Row gap="md">
          <Anchor component={Link} to={paths.groupManagement} size="sm">
            Manage Groups
          </Anchor>
          <Anchor component={Link} to={paths.vrfManagement} size="sm">
            Manage VRFs
          </Anchor>
          <Anchor component={Link} to={paths.dns} size="sm">
            DNS
          </Anchor>
        </Row>
        <Title order={4}>Subnet Groups</Title>
        {props.vrfs.length > 1 && (
          <Select
            label="VRF"
            size="xs"
            allowDeselect={false}
            value={vrfId}
            data={[
              { value: '', label: 'All VRFs' },
              ...props.vrfs.map((vrf) => ({ value: vrf.id, label: vrf.name })),
            ]}
            onChange={(value) => setVrfId(value ?? '')}
          />
        )}
        {groups.length === 0 ? (
          <Stack gap={2}>
            <Text fw={500}>No Groups found</Text>
            <Text size="sm" c="dimmed">
              {canEditAll
                ? 'Create your first group to get started'
                : 'Nothing is recorded in this account yet; your role lets you read it, not add to it.'}
            </Text>
          </Stack>
        ) : topLevel.isError ? (
          <SectionError error={topLevel.error} onRetry={() => void topLevel.refetch()} />
        ) : topLevel.data === undefined ? (
          <Text size="sm" c="dimmed">
            Loading subnets...
          </Text>
        ) : (
          <SubnetTree
            accountId={props.accountId}
            groups={groups}
            topLevel={topLevel.data}
            vrfs={props.vrfs}
            selectedPath={selectedPath}
            onSelect={props.onSelect}
          />
        )}
      </Stack>
    </Paper>
  );
}
