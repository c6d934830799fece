import type { Plan, PlanApply } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link } from 'react-router';
import { GroupSelect } from '../../../components/groups/group-select.js';
import { paths } from '../../../config/paths.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useGroups } from '../../../lib/groups/get-groups.js';
import { useVrfs } from '../../../lib/vrfs/get-vrfs.js';
import { useApplyPlan, usePreviewApply } from '../api/plan-apply.js';
import {
  applyDisabledReason,
  defaultApplyIds,
  isSubscriptionBound,
  outcomeColor,
} from '../lib/apply-choice.js';

interface ApplyDialogProps {
  accountId: string;
  plan: Plan;
  opened: boolean;
  onClose: () => void;
}

function Outcomes({ result }: { result: PlanApply }) {
  return (
    <ScrollArea.Autosize mah={260}>
      <Table aria-label={result.dryRun ? 'Apply preview' : 'Apply result'}>
        <Table.Tbody>
          {result.items.map((item) => (
            <Table.Tr key={item.planSubnetId}>
              <Table.Td>{item.name}</Table.Td>
              <Table.Td ff="monospace">{item.network}</Table.Td>
              {/* A sentence, not a badge: refusals read as they are written (issue 29). */}
              <Table.Td>
                <Text size="sm" c={outcomeColor[item.outcome]} fw={500}>
                  {item.message}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** 'Apply to IPAM' (PL-138): a group, the plan subnets to create, a preview, then one all-or-nothing apply. */
export function ApplyDialog({ accountId, plan, opened, onClose }: ApplyDialogProps) {
  const groups = useGroups(accountId);
  const preview = usePreviewApply(accountId, plan.id);
  const apply = useApplyPlan(accountId, plan.id);
  const [groupId, setGroupId] = useState<string | null>(null);
  // '' is the account's Global VRF; the choice shows only when there is another.
  const [vrfId, setVrfId] = useState('');
  const vrfs = useVrfs(accountId);
  const [chosen, setChosen] = useState<string[]>([]);

  const start = useEffectEvent(() => {
    setChosen(defaultApplyIds(plan.subnets));
    preview.reset();
    apply.reset();
  });
  useEffect(() => {
    if (opened) start();
  }, [opened]);

  const change = (next: () => void) => {
    next();
    preview.reset();
    apply.reset();
  };
  const body = {
    groupId: groupId ?? '',
    subnetIds: chosen,
    expectedVersion: plan.version,
    ...(vrfId === '' ? {} : { vrfId }),
  };
  const done = apply.data;
  const disabledReason = applyDisabledReason(preview.data?.items ?? null);
  const close = () => !apply.isPending && onClose();

  return (
    <Modal opened={opened} onClose={close} title="Apply to IPAM" size="xl" closeOnEscape={!apply.isPending}>
      <Stack>
        <GroupSelect
          label="Group"
          placeholder={groups.isPending ? 'Loading groups...' : 'Choose a group'}
          groups={groups.data ?? []}
          value={groupId}
          onChange={(value) => change(() => setGroupId(value))}
          error={groups.isError ? errorMessage(groups.error) : undefined}
          data-autofocus
        />
        {(vrfs.data?.length ?? 0) > 1 && (
          <Select
            label="VRF"
            description="The subnets are created in this VRF; plan subnets with children become containers."
            allowDeselect={false}
            value={vrfId}
            data={(vrfs.data ?? []).map((vrf) => ({ value: vrf.isDefault ? '' : vrf.id, label: vrf.name }))}
            onChange={(value) => change(() => setVrfId(value ?? ''))}
          />
        )}
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            Plan subnets to create ({chosen.length} of {plan.subnets.length})
          </Text>
          <Group gap="xs">
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => change(() => setChosen(defaultApplyIds(plan.subnets)))}
            >
              Active and planned leaves
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => change(() => setChosen([]))}>
              None
            </Button>
          </Group>
        </Group>
        <ScrollArea.Autosize mah={200}>
          <Checkbox.Group
            value={chosen}
            onChange={(ids) => change(() => setChosen(ids))}
            aria-label="Plan subnets"
          >
            <Stack gap={4}>
              {plan.subnets.map((subnet) => (
                <Checkbox
                  key={subnet.id}
                  value={subnet.id}
                  label={`${subnet.name} (${subnet.networkAddress}/${subnet.cidr})`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
        {chosen.length === 0 && (
          <Text size="sm" c="dimmed">
            {messages.applyNothingSelected}
          </Text>
        )}
        {preview.data && !done && <Outcomes result={preview.data} />}
        {preview.data && !done && isSubscriptionBound(preview.data.items) && (
          <Alert color="blue" variant="light" icon={<IconArrowUpRight size={18} />}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ flex: 1 }}>
                {messages.applyUpgradeHint}
              </Text>
              <Button component={Link} to={paths.upgrade} size="xs" variant="light" style={{ flexShrink: 0 }}>
                Upgrade
              </Button>
            </Group>
          </Alert>
        )}
        {done && (
          <Alert color="green" role="status" title={`Created ${done.created} subnet(s).`}>
            <Outcomes result={done} />
            <Anchor component={Link} to={paths.ips} size="sm">
              Open IP Addresses
            </Anchor>
          </Alert>
        )}
        {(preview.error ?? apply.error) && (
          <Alert color="red" role="alert">
            {errorMessage(preview.error ?? apply.error)}
          </Alert>
        )}
        {!done && disabledReason && chosen.length > 0 && (
          <Text size="sm" c="dimmed" ta="right" data-testid="apply-disabled-reason">
            {disabledReason}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={apply.isPending}>
            {done ? 'Close' : 'Cancel'}
          </Button>
          {!done && (
            <Button
              variant="light"
              disabled={groupId === null || chosen.length === 0 || preview.isPending}
              onClick={() => preview.mutate(body)}
            >
              {preview.isPending ? 'Checking...' : 'Preview'}
            </Button>
          )}
          {!done && (
            <Button
              disabled={disabledReason !== null || apply.isPending}
              onClick={() => !apply.isPending && apply.mutate(body)}
            >
              {apply.isPending ? 'Applying...' : 'Apply to IPAM'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
