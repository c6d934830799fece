import type { Group, Subnet, Vrf } from '@ipam/core/api/ipam';
import { messages } from '@ipam/core/messages';
import type { IpVersion } from '@ipam/core/prefix';
import type { PrefixRange } from '@ipam/core/tiers';
import { Box, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { useCreateSubnet } from '../api/save-subnet.js';
import {
  emptySubnetForm,
  formField,
  type SubnetFormValues,
  toCreatePayload,
  validateCreate,
} from '../subnet-form-values.js';
import { BusyOverlay } from './busy-overlay.js';
import { SubnetFormFields } from './subnet-form-fields.js';

interface CreateSubnetModalProps {
  accountId: string;
  tier: number;
  /** The account's IPv6 prefix lengths (the API's `ipv6Prefixes`). */
  ipv6Prefixes: PrefixRange | null;
  /** The version to create; null keeps the modal closed. */
  version: IpVersion | null;
  groups: readonly Group[];
  vrfs: readonly Vrf[];
  /** Values to start from (the URL's network and prefix, or the group picked in the tree). */
  initial?: Partial<SubnetFormValues>;
  onClose: () => void;
  onCreated: (subnet: Subnet) => void;
}

/** Create New IPv4 Subnet / Create New IPv6 Subnet. */
export function CreateSubnetModal(props: CreateSubnetModalProps) {
  const { accountId, tier, ipv6Prefixes, version, groups, vrfs, initial, onClose, onCreated } = props;
  const create = useCreateSubnet(accountId);
  const { form, close, showFieldErrors, failure } = useDialogForm<SubnetFormValues>({
    openFor: version,
    values: () => ({ ...emptySubnetForm, ...initial }),
    validate: (values) => (version === null ? {} : validateCreate(version, tier, values, ipv6Prefixes)),
    requests: [create],
    fieldOf: formField,
    // A prefilled prefix outside the tier's choices says so at once.
    onOpened: (opened) => {
      if (initial?.prefix) opened.validateField('prefix');
    },
    onClose,
  });

  const fallback = version === 6 ? messages.createIPv6SubnetFailed : messages.createSubnetFailed;
  const submit = form.onSubmit((values) => {
    // A second Enter while the first request runs would create the subnet twice.
    if (version === null || create.isPending) return;
    create.mutate(toCreatePayload(version, values), {
      onSuccess: (subnet) => {
        notifications.show({ color: 'green', message: `Subnet ${subnet.name} created.` });
        close();
        onCreated(subnet);
      },
      // An overlap is told under Network IP Address (the server names that field).
      onError: showFieldErrors,
    });
  });

  const title = version === 6 ? 'Create New IPv6 Subnet' : 'Create New IPv4 Subnet';
  return (
    <Modal opened={version !== null} onClose={close} title={title} size="lg">
      <Box pos="relative">
        <BusyOverlay visible={create.isPending} />
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack>
            {version !== null && (
              <SubnetFormFields
                form={form}
                version={version}
                tier={tier}
                ipv6Prefixes={ipv6Prefixes}
                groups={groups}
                vrfs={vrfs}
              />
            )}
            {failure && <FailureAlert situation={fallback} error={failure} />}
            <DialogActions onCancel={close} isSubmitting={create.isPending} submitLabel="Create Subnet" />
          </Stack>
        </form>
      </Box>
    </Modal>
  );
}
