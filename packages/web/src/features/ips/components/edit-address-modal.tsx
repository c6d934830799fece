import { availableAddressFields } from '@ipam/core/address-defaults';
import {
  ADDRESS_STATUSES,
  addressUpdateSchema,
  type AddressUpdateInput,
  isAddressStatus,
} from '@ipam/core/schemas/address-schemas';
import type { Address } from '@ipam/core/api/ipam';
import { messages } from '@ipam/core/messages';
import { MAX_DESCRIPTION_LENGTH, MAX_HOSTNAME_LENGTH } from '@ipam/core/schemas/common-fields';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useClearAddress, useSaveAddress } from '../api/addresses.js';
import { BusyOverlay } from './busy-overlay.js';

interface EditAddressModalProps {
  accountId: string;
  subnetId: string;
  /** The address being edited; null keeps the modal closed. */
  address: Address | null;
  onClose: () => void;
}

/**
 * Edit IP Address: status, hostname, description, scanner permission. Clear resets the address as the
 * spec says (Available, no hostname or description, scanner updates off) after saying so in the dialog.
 */
export function EditAddressModal({ accountId, subnetId, address, onClose }: EditAddressModalProps) {
  const save = useSaveAddress(accountId, subnetId);
  const clear = useClearAddress(accountId, subnetId);
  // The address whose Clear waits for a second click; another address (or closing) asks again.
  const [confirmingClearOf, setConfirmingClearOf] = useState<string | null>(null);
  const isConfirmingClear = address !== null && confirmingClearOf === address.ipAddress;
  const dialog = useDialogForm<AddressUpdateInput>({
    openFor: address?.ipAddress ?? null,
    values: () =>
      address
        ? {
            status: address.status,
            hostname: address.hostname,
            description: address.description,
            allowScannerUpdate: address.allowScannerUpdate,
          }
        : { ...availableAddressFields },
    validate: schemaResolver(addressUpdateSchema, { sync: true }),
    requests: [save, clear],
    onClose,
  });
  const { form, showFieldErrors, failure } = dialog;
  const close = () => {
    setConfirmingClearOf(null);
    dialog.close();
  };

  const submit = form.onSubmit((values) => {
    if (!address || save.isPending || clear.isPending) return;
    const input = { ...values, hostname: values.hostname.trim(), description: values.description.trim() };
    save.mutate(
      { ipAddress: address.ipAddress, input },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${address.ipAddress} saved.` });
          close();
        },
        onError: showFieldErrors,
      },
    );
  });

  const clearAddress = () => {
    if (!address || save.isPending || clear.isPending) return;
    clear.mutate(address.ipAddress, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${address.ipAddress} cleared.` });
        close();
      },
    });
  };

  return (
    <Modal opened={address !== null} onClose={close} title="Edit IP Address">
      <Box pos="relative">
        <BusyOverlay visible={save.isPending || clear.isPending} />
        <form onSubmit={submit} noValidate aria-label="Edit IP Address">
          <Stack>
            <TextInput
              label="IP Address"
              readOnly
              variant="filled"
              value={address?.ipAddress ?? ''}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Select
              label="Status"
              data={[...ADDRESS_STATUSES]}
              allowDeselect={false}
              data-autofocus
              {...form.getInputProps('status')}
              onChange={(value) => {
                if (isAddressStatus(value)) form.setFieldValue('status', value);
              }}
            />
            <TextInput
              label="Hostname"
              maxLength={MAX_HOSTNAME_LENGTH}
              spellCheck={false}
              {...form.getInputProps('hostname')}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxLength={MAX_DESCRIPTION_LENGTH}
              {...form.getInputProps('description')}
            />
            <Checkbox
              label="Allow scanner update"
              description="A scan may change this address's status and hostname."
              {...form.getInputProps('allowScannerUpdate', { type: 'checkbox' })}
            />
            {failure && (
              <Alert color="red" role="alert">
                {errorMessage(failure)}
              </Alert>
            )}
            {isConfirmingClear ? (
              <Alert color="orange" title={messages.clearAddressTitle(address.ipAddress)}>
                <Stack gap="sm">
                  {messages.clearAddressExplained}
                  <Group justify="flex-end">
                    <Button variant="default" onClick={() => setConfirmingClearOf(null)}>
                      Keep editing
                    </Button>
                    <Button color="red" onClick={clearAddress} loading={clear.isPending} data-autofocus>
                      Clear address
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : (
              <DialogActions onCancel={close} isSubmitting={save.isPending} submitLabel="Save">
                <Button
                  color="red"
                  variant="light"
                  onClick={() => setConfirmingClearOf(address?.ipAddress ?? null)}
                >
                  Clear
                </Button>
              </DialogActions>
            )}
          </Stack>
        </form>
      </Box>
    </Modal>
  );
}
