import type { Plan } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import type { PlanExportFormat } from '@ipam/core/schemas/plan-schemas';
import { Alert, Button, Checkbox, Group, Modal, Paper, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type PlanExportChoice, useExportPlan } from '../api/plan-export.js';

const initialChoice: PlanExportChoice = {
  format: 'csv',
  details: true,
  reserved: true,
  validation: false,
  planning: true,
};

const formatLabel: Record<PlanExportFormat, string> = { csv: 'CSV', json: 'JSON', xlsx: 'XLSX' };

/** 'Export Network Plan' (PL-87, PL-106): the server builds the file, the browser downloads it. */
export function ExportDialog({
  opened,
  accountId,
  plan,
  onClose,
}: {
  opened: boolean;
  accountId: string;
  plan: Plan;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState(initialChoice);
  const download = useExportPlan(accountId, plan.id);
  const needsRows = choice.format !== 'json';
  const hasNoRows = plan.subnets.length === 0 && needsRows;
  const finish = () => {
    download.reset();
    onClose();
  };
  const close = () => !download.isPending && finish();
  const flag = (key: 'details' | 'reserved' | 'validation' | 'planning', label: string) => (
    <Checkbox
      label={label}
      checked={choice[key]}
      onChange={(event) => setChoice({ ...choice, [key]: event.currentTarget.checked })}
    />
  );
  const label = formatLabel[choice.format];
  return (
    <Modal opened={opened} onClose={close} title="Export Network Plan" closeOnEscape={!download.isPending}>
      <Stack>
        <Radio.Group
          label="Format"
          value={choice.format}
          onChange={(value) =>
            setChoice({ ...choice, format: value === 'json' ? 'json' : value === 'xlsx' ? 'xlsx' : 'csv' })
          }
        >
          <Group mt={4}>
            <Radio value="csv" label="CSV" />
            <Radio value="json" label="JSON" />
            <Radio value="xlsx" label="Excel (.xlsx)" />
          </Group>
        </Radio.Group>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Include
          </Text>
          {flag('details', 'Subnet Details')}
          {flag('reserved', 'Reserved Addresses')}
          {flag('validation', 'Validation Results')}
          {flag('planning', 'Planning Information')}
        </Stack>
        <Paper withBorder p="xs" bg="var(--mantine-color-default-hover)">
          <Text size="sm">Plan: {plan.name}</Text>
          <Text size="sm">Subnets: {plan.subnets.length}</Text>
          <Text size="sm">Format: {label}</Text>
        </Paper>
        {hasNoRows && (
          <Text size="sm" c="dimmed">
            {messages.noSubnetsToExport}
          </Text>
        )}
        {download.isError && (
          <Alert color="red" role="alert">
            {messages.exportFailed}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={download.isPending}>
            Cancel
          </Button>
          <Button
            disabled={hasNoRows || download.isPending}
            onClick={() => !download.isPending && download.mutate(choice, { onSuccess: finish })}
          >
            {download.isPending ? 'Exporting...' : `Export as ${label}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
