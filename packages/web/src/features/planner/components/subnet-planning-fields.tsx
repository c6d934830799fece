import { MAX_DESCRIPTION_LENGTH, MAX_VLAN_ID } from '@ipam/core/schemas/common-fields';
import {
  MAX_PLANNED_GROWTH,
  MAX_RESERVED_ADDRESSES,
  MAX_VLAN_NAME_LENGTH,
} from '@ipam/core/schemas/plan-schemas';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { SubnetFormValues } from '../lib/subnet-form.js';
import { TypedNumberInput } from './typed-number-input.js';

const reservedTypes = ['Gateway', 'DNS', 'DHCP', 'Server', 'Printer', 'Other'];

/** VLAN, Reserved Addresses and Planning (PL-57). */
export function SubnetPlanningFields({ form }: { form: UseFormReturnType<SubnetFormValues> }) {
  const vlanId = String(form.values.vlanId).trim();
  return (
    <Stack gap="sm">
      <Fieldset legend="VLAN">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TypedNumberInput label="VLAN ID" min={1} max={MAX_VLAN_ID} form={form} field="vlanId" />
          <TextInput
            label="VLAN Name"
            placeholder={vlanId ? `VLAN_${vlanId}` : 'VLAN_{id}'}
            maxLength={MAX_VLAN_NAME_LENGTH}
            {...form.getInputProps('vlanName')}
          />
        </SimpleGrid>
        <TextInput
          mt="sm"
          label="VLAN Description"
          maxLength={MAX_DESCRIPTION_LENGTH}
          {...form.getInputProps('vlanDescription')}
        />
      </Fieldset>
      <Fieldset legend="Reserved Addresses">
        <Stack gap="xs">
          {form.values.reservedAddresses.map((_entry, index) => (
            <Group key={index} align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 2 }}
                aria-label={`Reserved address ${index + 1}`}
                placeholder="Address"
                maxLength={45}
                {...form.getInputProps(`reservedAddresses.${index}.address`)}
              />
              <Autocomplete
                style={{ flex: 1 }}
                aria-label={`Reserved address ${index + 1} type`}
                placeholder="Type"
                data={reservedTypes}
                maxLength={MAX_VLAN_NAME_LENGTH}
                {...form.getInputProps(`reservedAddresses.${index}.type`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={6}
                aria-label={`Remove reserved address ${index + 1}`}
                onClick={() => form.removeListItem('reservedAddresses', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            disabled={form.values.reservedAddresses.length >= MAX_RESERVED_ADDRESSES}
            onClick={() => form.insertListItem('reservedAddresses', { address: '', type: '' })}
          >
            Add Reserved Address
          </Button>
        </Stack>
      </Fieldset>
      <Fieldset legend="Planning">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TypedNumberInput label="Current Hosts" min={0} form={form} field="currentHosts" />
          <TypedNumberInput
            label="Planned Growth %"
            min={0}
            max={MAX_PLANNED_GROWTH}
            form={form}
            field="plannedGrowth"
          />
        </SimpleGrid>
        <Textarea
          mt="sm"
          label="Notes"
          autosize
          minRows={1}
          maxLength={MAX_DESCRIPTION_LENGTH}
          {...form.getInputProps('notes')}
        />
      </Fieldset>
    </Stack>
  );
}
