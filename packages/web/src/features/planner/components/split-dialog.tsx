import type { PlanSubnet } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import { splitChildName } from '@ipam/core/plan-split';
import { MAX_SPLIT_PREFIX_LENGTH, type SPLIT_NAMINGS } from '@ipam/core/schemas/plan-schemas';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.js';
import type { PlanSplitBody } from '../api/plan-subnets.js';
import { grouped } from '../lib/grouped.js';
import { splitPreview } from '../lib/split-preview.js';

type Naming = (typeof SPLIT_NAMINGS)[number];

interface SplitDialogProps {
  subnet: PlanSubnet | null;
  isRunning: boolean;
  /** The server's refusal, shown inline; the dialog stays open (PL-86). */
  failure: Error | null;
  onSplit: (body: Omit<PlanSplitBody, 'expectedVersion'>) => void;
  onClose: () => void;
}

/** 'Split Subnet' (PL-78 … PL-86): the preview is computed here with core's lazy splitPrefix. */
export function SplitDialog({ subnet, isRunning, failure, onSplit, onClose }: SplitDialogProps) {
  const [newCidr, setNewCidr] = useState<number | string>('');
  const [naming, setNaming] = useState<Naming>('numbered');
  const [customPrefix, setCustomPrefix] = useState('');
  const [keepOriginal, setKeepOriginal] = useState(true);
  const [inherit, setInherit] = useState(true);

  const start = useEffectEvent((cidr: number) => {
    setNewCidr(cidr + 1);
    setNaming('numbered');
    setCustomPrefix('');
    setKeepOriginal(true);
    setInherit(true);
  });
  const openedFor = subnet?.id;
  const openedCidr = subnet?.cidr;
  useEffect(() => {
    if (openedFor !== undefined && openedCidr !== undefined) start(openedCidr);
  }, [openedFor, openedCidr]);

  const max = subnet?.ipVersion === 'IPv6' ? 128 : 32;
  const cidr = typeof newCidr === 'number' ? newCidr : Number.NaN;
  const preview = subnet ? splitPreview(subnet, cidr) : null;
  const canSplit = preview !== null && preview.error === null && preview.limit === null && !isRunning;
  const nameOf = (network: string, index: number) =>
    subnet ? splitChildName(subnet.name, network, index, naming, customPrefix) : '';
  const close = () => !isRunning && onClose();

  return (
    <Modal opened={subnet !== null} onClose={close} title="Split Subnet" size="lg" closeOnEscape={!isRunning}>
      {subnet && preview && (
        <Stack>
          <Paper withBorder p="xs">
            <Text fw={600}>{subnet.name}</Text>
            <Text ff="monospace">
              {subnet.networkAddress}/{subnet.cidr}
            </Text>
            <Text size="sm">Usable hosts: {grouped(subnet.details.usableHosts)}</Text>
          </Paper>
          <NumberInput
            label="New CIDR"
            min={subnet.cidr + 1}
            max={max}
            // What is typed stays as typed (a minus sign, a fraction, out of range) so its message shows
            // (PL-79, issue 29).
            clampBehavior="none"
            value={newCidr}
            onChange={setNewCidr}
            error={preview.error}
            data-autofocus
          />
          {preview.error === null && (
            <Stack gap={2}>
              <Text size="sm">Hosts per subnet: {preview.hostsPerChild}</Text>
              <Text size="sm" fw={500}>
                {preview.summary}
              </Text>
            </Stack>
          )}
          {preview.limit && (
            <Alert color="red" role="alert">
              {preview.limit}
            </Alert>
          )}
          {preview.error === null && (
            <Paper withBorder p="xs" aria-label="Split preview">
              <Stack gap={2}>
                {preview.children.map((child, index) => (
                  <Group key={child.network} justify="space-between" wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {child.network}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {nameOf(child.network, index + 1)}
                    </Text>
                    <Text size="sm" ff="monospace">
                      {child.last}
                    </Text>
                  </Group>
                ))}
                {preview.more && (
                  <Text size="sm" c="dimmed">
                    {preview.more}
                  </Text>
                )}
              </Stack>
            </Paper>
          )}
          <Radio.Group
            label="Naming convention"
            value={naming}
            onChange={(value) =>
              setNaming(value === 'network' ? 'network' : value === 'custom' ? 'custom' : 'numbered')
            }
          >
            <Stack gap={6} mt={4}>
              <Radio value="numbered" label={`Numbered (${subnet.name} - Split 1, ...)`} />
              <Radio value="network" label="Network address" />
              <Radio value="custom" label="Custom prefix" />
            </Stack>
          </Radio.Group>
          {naming === 'custom' && (
            <TextInput
              label="Custom prefix"
              placeholder={subnet.name}
              maxLength={MAX_SPLIT_PREFIX_LENGTH}
              value={customPrefix}
              onChange={(event) =>
                setCustomPrefix(event.currentTarget.value.slice(0, MAX_SPLIT_PREFIX_LENGTH))
              }
            />
          )}
          <Checkbox
            label="Keep original subnet (mark as subdivided)"
            checked={keepOriginal}
            onChange={(event) => setKeepOriginal(event.currentTarget.checked)}
          />
          <Checkbox
            label="Inherit VLAN and planning settings"
            checked={inherit}
            onChange={(event) => setInherit(event.currentTarget.checked)}
          />
          {failure && (
            <Alert color="red" role="alert">
              {messages.splitFailed}
              {failure.message && errorMessage(failure, '') !== '' && (
                <Text size="xs" mt={4}>
                  {errorMessage(failure, '')}
                </Text>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={isRunning}>
              Cancel
            </Button>
            <Button
              disabled={!canSplit}
              onClick={() =>
                canSplit && onSplit({ newCidr: cidr, naming, customPrefix, keepOriginal, inherit })
              }
            >
              {isRunning ? 'Splitting...' : `Split into ${grouped(preview.count)} Subnets`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
