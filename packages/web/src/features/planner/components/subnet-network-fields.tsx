import type { PlanSubnet } from '@ipam/core/api/plan';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '@ipam/core/schemas/common-fields';
import {
  Badge,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SubnetFormValues } from '../lib/subnet-form.js';
import { TypedNumberInput } from './typed-number-input.js';

interface Props {
  form: UseFormReturnType<SubnetFormValues>;
  parents: readonly PlanSubnet[];
  /** Network, CIDR and version are fixed while the subnet has children (PL-13). */
  isNetworkFixed: boolean;
}

const statusChoices = [
  { value: 'active', label: 'Active' },
  { value: 'planned', label: 'Planned' },
  { value: 'deprecated', label: 'Deprecated' },
];

/** Subnet Name, Description, IP Version, Network Address, CIDR, Parent Subnet, Status (PL-57). */
export function SubnetNetworkFields({ form, parents, isNetworkFixed }: Props) {
  const max = form.values.ipVersion === 'IPv6' ? 128 : 32;
  return (
    <Stack gap="sm">
      <TextInput
        label="Subnet Name"
        required
        data-autofocus
        maxLength={MAX_NAME_LENGTH}
        {...form.getInputProps('name')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={1}
        maxLength={MAX_DESCRIPTION_LENGTH}
        {...form.getInputProps('description')}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="subnet-ip-version">
          IP Version
        </Text>
        <SegmentedControl
          aria-labelledby="subnet-ip-version"
          w={200}
          data={['IPv4', 'IPv6']}
          disabled={isNetworkFixed}
          {...form.getInputProps('ipVersion')}
          onChange={(value) => {
            form.setFieldValue('ipVersion', value === 'IPv6' ? 'IPv6' : 'IPv4');
            form.setFieldValue('parentSubnetId', '');
          }}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Network Address"
          required
          disabled={isNetworkFixed}
          placeholder={form.values.ipVersion === 'IPv6' ? '2001:db8::' : '10.0.0.0'}
          {...form.getInputProps('networkAddress')}
        />
        <TypedNumberInput
          label="CIDR"
          required
          disabled={isNetworkFixed}
          min={1}
          max={max}
          form={form}
          field="cidr"
        />
      </SimpleGrid>
      <Select
        label="Parent Subnet"
        data={[
          { value: '', label: 'None (top level)' },
          ...parents.map((parent) => ({
            value: parent.id,
            label: `${parent.name} (${parent.networkAddress}/${parent.cidr})`,
          })),
        ]}
        allowDeselect={false}
        searchable
        {...form.getInputProps('parentSubnetId')}
        onChange={(value) => form.setFieldValue('parentSubnetId', value ?? '')}
      />
      {form.values.status === 'subdivided' ? (
        <Group gap="xs">
          <Text size="sm" fw={500}>
            Status
          </Text>
          <Badge color="violet" variant="light">
            Subdivided
          </Badge>
        </Group>
      ) : (
        <Select
          label="Status"
          data={statusChoices}
          allowDeselect={false}
          {...form.getInputProps('status')}
          onChange={(value) =>
            form.setFieldValue(
              'status',
              value === 'planned' ? 'planned' : value === 'deprecated' ? 'deprecated' : 'active',
            )
          }
        />
      )}
    </Stack>
  );
}
