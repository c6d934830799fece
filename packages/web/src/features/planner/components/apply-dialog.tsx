import type { Plan, PlanApply } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import {
  Alert,
  Anchor,
  Badge,
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
import { useEffect, useEffectEvent, useState } from 'react';
import { Link } from 'react-router';
import { GroupSelect } from '../../../components/groups/group-select.js';
import { paths } from '../../../config/paths.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useGroups } from '../../../lib/groups/get-groups.js';
import { useVrfs } from '../../../lib/vrfs/get-vrfs.js';
import { useApplyPlan, usePreviewApply } from '../api/plan-apply.js';
import { canApply, defaultApplyIds, outcomeColor } from '../lib/apply-choice.js';

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
              <Table.Td>
                <Badge color={outcomeColor[item.outcome]} variant="light">
                  {item.message}
                </Badge>
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
              disabled={!preview.data || !canApply(preview.data.items) || apply.isPending}
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
