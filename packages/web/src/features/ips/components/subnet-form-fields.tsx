import type { Group, Vrf } from '@ipam/core/api/ipam';
import type { IpVersion } from '@ipam/core/prefix';
import { SCAN_FREQUENCY_UNITS } from '@ipam/core/scan-frequency';
import {
  isScanningType,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_VLAN_ID,
} from '@ipam/core/schemas/common-fields';
import { prefixChoicesForKind } from '@ipam/core/subnet-size-rules';
import type { PrefixRange } from '@ipam/core/tiers';
import {
  Group as Row,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { GroupSelect } from '../../../components/groups/group-select.js';
import { useCan } from '../../../lib/use-can.js';
import {
  savedAsNotice,
  scanningTypeChoices,
  splitNetworkInput,
  subnetKindChoices,
  type SubnetFormValues,
} from '../subnet-form-values.js';
import { SubnetWarningList } from './subnet-warning-list.js';

interface SubnetFormFieldsProps {
  form: UseFormReturnType<SubnetFormValues>;
  version: IpVersion;
  tier: number;
  /** The account's IPv6 prefix lengths (the API's `ipv6Prefixes`); null: the tier's. */
  ipv6Prefixes?: PrefixRange | null;
  groups: readonly Group[];
  /** The account's VRFs: the create form offers them when there is more than Global. */
  vrfs: readonly Vrf[];
  /** Edit Subnet: network, prefix, VRF and kind are fixed, shown read-only. */
  isEdit?: boolean;
}

const unitChoices = SCAN_FREQUENCY_UNITS.map(({ unit, label }) => ({ value: unit, label }));

function isUnit(value: string | null): value is SubnetFormValues['unit'] {
  return SCAN_FREQUENCY_UNITS.some(({ unit }) => unit === value);
}

/**
 * The subnet form's fields (spec §2): name, VLAN, description, group, network, prefix, scanning; and
 * (issue 30) the VRF and the kind. A container holds no addresses, so it has no scanning fields, and
 * may be larger than a leaf (IPv6 from the account's range, not only from /64).
 */
export function SubnetFormFields(props: SubnetFormFieldsProps) {
  const { form, version, tier, ipv6Prefixes = null, groups, vrfs, isEdit = false } = props;
  // An editor limited to groups may put a subnet only in those (the server refuses the others).
  const { canEditIn } = useCan();
  const outsideLimits = new Set(groups.filter((group) => !canEditIn(group.id)).map((group) => group.id));
  const prefixChoices = prefixChoicesForKind(version, tier, ipv6Prefixes, form.values.kind).map((length) => ({
    value: String(length),
    label: `/${length}`,
  }));
  const kindId = useId();
  const isContainer = form.values.kind === 'container';
  const isScanning = !isContainer && form.values.scanningType !== 'none';
  const globalVrf = vrfs.find((vrf) => vrf.isDefault);
  const vrfValue = form.values.vrfId || globalVrf?.id || null;
  const vrfName = vrfs.find((vrf) => vrf.id === vrfValue)?.name ?? globalVrf?.name ?? 'Global';
  // With Global alone there is nothing to choose (a prefilled other VRF still shows).
  const showsVrf = vrfs.length > 1 || (form.values.vrfId !== '' && form.values.vrfId !== globalVrf?.id);
  const kindText = subnetKindChoices.find((choice) => choice.value === form.values.kind);
  const savedAs = isEdit ? null : savedAsNotice(version, form.values);
  // Size warnings follow the prefix chosen (the network need not be typed yet).
  const length = Number(form.values.prefix);
  const sizePrefix =
    form.values.prefix !== '' &&
    Number.isInteger(length) &&
    length >= 0 &&
    length <= (version === 4 ? 32 : 128)
      ? { version, network: 0n, length }
      : null;
  return (
    <>
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={MAX_NAME_LENGTH}
        {...form.getInputProps('name')}
      />
      <Row grow align="flex-start">
        <NumberInput
          label="VLAN ID"
          required
          min={1}
          max={MAX_VLAN_ID}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('vlanId')}
        />
        <GroupSelect
          label="Group"
          required
          groups={groups}
          exclude={outsideLimits}
          {...form.getInputProps('groupId')}
        />
      </Row>
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={MAX_DESCRIPTION_LENGTH}
        {...form.getInputProps('description')}
      />
      {isEdit ? (
        <Row grow align="flex-start">
          <TextInput label="VRF" readOnly variant="filled" value={vrfName} />
          <TextInput
            label="Kind"
            readOnly
            variant="filled"
            value={kindText ? `${kindText.label}: ${kindText.description.toLowerCase()}` : ''}
          />
        </Row>
      ) : (
        <Row grow align="flex-start">
          {showsVrf && (
            <Select
              label="VRF"
              data={vrfs.map((vrf) => ({
                value: vrf.id,
                label: vrf.rd ? `${vrf.name} (${vrf.rd})` : vrf.name,
              }))}
              allowDeselect={false}
              searchable
              nothingFoundMessage="No such VRF"
              value={vrfValue}
              error={form.errors.vrfId}
              onChange={(value) => form.setFieldValue('vrfId', value ?? '')}
            />
          )}
          <Input.Wrapper
            label="Kind"
            id={kindId}
            description={isContainer ? 'Holds subnets: no addresses, no scanning' : 'Holds addresses'}
          >
            <SegmentedControl
              fullWidth
              aria-labelledby={`${kindId}-label`}
              data={subnetKindChoices.map(({ value, label }) => ({ value, label }))}
              value={form.values.kind}
              onChange={(value) => {
                const choice = subnetKindChoices.find((kind) => kind.value === value);
                if (choice) form.setFieldValue('kind', choice.value);
              }}
            />
          </Input.Wrapper>
        </Row>
      )}
      {isEdit ? (
        <TextInput
          label="Network"
          readOnly
          variant="filled"
          value={`${form.values.networkIP}/${form.values.prefix}`}
          description="The network address and prefix of a subnet cannot be changed."
        />
      ) : (
        <Row grow align="flex-start">
          <TextInput
            label="Network IP Address"
            required
            placeholder={version === 4 ? 'e.g. 192.168.1.0' : 'e.g. 2001:db8::'}
            spellCheck={false}
            autoComplete="off"
            {...form.getInputProps('networkIP')}
            description={savedAs}
            onChange={(event) => {
              // `192.168.10.0/24` pasted or typed fills the address and the prefix.
              const split = splitNetworkInput(event.currentTarget.value);
              if (!split) {
                form.setFieldValue('networkIP', event.currentTarget.value);
                return;
              }
              form.setValues(split);
              form.validateField('prefix');
            }}
          />
          <Select
            label={version === 4 ? 'Number of Bits' : 'Prefix Length'}
            required
            data={prefixChoices}
            allowDeselect={false}
            maw={150}
            {...form.getInputProps('prefix')}
          />
        </Row>
      )}
      {!isEdit && !isContainer && sizePrefix && <SubnetWarningList prefix={sizePrefix} />}
      {!isContainer && (
        <Row grow align="flex-start">
          <Select
            label="Scanning Type"
            data={scanningTypeChoices}
            allowDeselect={false}
            {...form.getInputProps('scanningType')}
            onChange={(value) => {
              if (isScanningType(value)) form.setFieldValue('scanningType', value);
            }}
          />
          {isScanning && (
            <NumberInput
              label="Scan Frequency"
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('frequency')}
            />
          )}
          {isScanning && (
            <Select
              label="Unit"
              data={unitChoices}
              allowDeselect={false}
              {...form.getInputProps('unit')}
              onChange={(value) => {
                if (isUnit(value)) form.setFieldValue('unit', value);
              }}
            />
          )}
        </Row>
      )}
      {!isContainer && isScanning && (
        <TextInput
          label="Stale after (days)"
          description="Mark addresses no scanner has seen for this many days. Leave empty for never."
          inputMode="numeric"
          maw={260}
          {...form.getInputProps('staleAfterDays')}
        />
      )}
    </>
  );
}
