import { type Group, type Subnet, subnetCidr, subnetLength, type Vrf } from '@ipam/core/api/ipam';
import { messages } from '@ipam/core/messages';
import { Alert, Box, Button, Group as Row, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { useDeleteSubnet, useUpdateSubnet } from '../api/save-subnet.js';
import {
  emptySubnetForm,
  formField,
  formValuesOf,
  type SubnetFormValues,
  toUpdatePayload,
  validateUpdate,
} from '../subnet-form-values.js';
import { BusyOverlay } from './busy-overlay.js';
import { SubnetFormFields } from './subnet-form-fields.js';

interface EditSubnetModalProps {
  accountId: string;
  tier: number;
  /** The subnet being edited; null keeps the modal closed. */
  subnet: Subnet | null;
  groups: readonly Group[];
  vrfs: readonly Vrf[];
  onClose: () => void;
  onDeleted: (subnetId: string) => void;
}

/** Edit Subnet: the editable fields, and Delete Subnet after a confirmation. */
export function EditSubnetModal({
  accountId,
  tier,
  subnet,
  groups,
  vrfs,
  onClose,
  onDeleted,
}: EditSubnetModalProps) {
  const update = useUpdateSubnet(accountId);
  const remove = useDeleteSubnet(accountId);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const { form, close, showFieldErrors, failure } = useDialogForm<SubnetFormValues>({
    openFor: subnet?.id ?? null,
    values: () => (subnet ? formValuesOf({ ...subnet, length: subnetLength(subnet) }) : emptySubnetForm),
    validate: validateUpdate,
    requests: [update, remove],
    fieldOf: formField,
    onClose: () => {
      setConfirmingDelete(false);
      onClose();
    },
  });

  const submit = form.onSubmit((values) => {
    if (!subnet || update.isPending || remove.isPending) return;
    update.mutate(
      { id: subnet.id, payload: toUpdatePayload(values) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `Subnet ${saved.name} saved.` });
          close();
        },
        onError: showFieldErrors,
      },
    );
  });

  const deleteSubnet = () => {
    if (!subnet || update.isPending || remove.isPending) return;
    remove.mutate(subnet.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `Subnet ${subnet.name} deleted.` });
        close();
        onDeleted(subnet.id);
      },
    });
  };

  const failedFallback = failure === remove.error ? messages.deleteSubnetFailed : messages.saveSubnetFailed;
  return (
    <Modal opened={subnet !== null} onClose={close} title="Edit Subnet" size="lg">
      <Box pos="relative">
        <BusyOverlay visible={update.isPending || remove.isPending} />
        {subnet && (
          <form onSubmit={submit} noValidate aria-label="Edit Subnet">
            <Stack>
              <SubnetFormFields
                form={form}
                version={subnet.version}
                tier={tier}
                groups={groups}
                vrfs={vrfs}
                isEdit
              />
              {failure && <FailureAlert situation={failedFallback} error={failure} />}
              {isConfirmingDelete ? (
                <Alert
                  color="red"
                  title="Delete Subnet"
                  role="alertdialog"
                  aria-label="Confirm subnet deletion"
                >
                  <Stack gap="sm">
                    <Text size="sm">
                      {subnet.kind === 'container'
                        ? `Delete the container ${subnet.name} (${subnetCidr(subnet)})? This cannot be undone.`
                        : `Delete the subnet ${subnet.name} (${subnetCidr(subnet)}) with all its IP addresses and approvals? This cannot be undone.`}
                    </Text>
                    <Row justify="flex-end">
                      <Button variant="default" onClick={() => setConfirmingDelete(false)}>
                        Keep Subnet
                      </Button>
                      <Button color="red" loading={remove.isPending} onClick={deleteSubnet}>
                        Yes, Delete Subnet
                      </Button>
                    </Row>
                  </Stack>
                </Alert>
              ) : (
                <DialogActions onCancel={close} isSubmitting={update.isPending} submitLabel="Save">
                  <Button color="red" variant="light" onClick={() => setConfirmingDelete(true)}>
                    Delete Subnet
                  </Button>
                </DialogActions>
              )}
            </Stack>
          </form>
        )}
      </Box>
    </Modal>
  );
}
