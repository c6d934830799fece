import type { Vrf } from '@ipam/core/api/ipam';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '@ipam/core/schemas/common-fields';
import { vrfCreateSchema } from '@ipam/core/schemas/vrf-schemas';
import { Alert, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCreateVrf, useUpdateVrf, type VrfFields } from '../api/save-vrf.js';

interface VrfFormModalProps {
  accountId: string;
  opened: boolean;
  onClose: () => void;
  /** The VRF being edited; absent for Create VRF. */
  vrf?: Vrf | null;
}

const emptyFields: VrfFields = { name: '', rd: '', description: '' };

/** Create VRF / Edit VRF: name, route distinguisher and description. */
export function VrfFormModal({ accountId, opened, onClose, vrf }: VrfFormModalProps) {
  const create = useCreateVrf(accountId);
  const update = useUpdateVrf(accountId);
  const save = vrf ? update : create;
  const title = vrf ? 'Edit VRF' : 'Create VRF';
  const { form, close, showFieldErrors, failure } = useDialogForm<VrfFields>({
    openFor: opened ? (vrf?.id ?? 'new') : null,
    values: () => (vrf ? { name: vrf.name, rd: vrf.rd ?? '', description: vrf.description } : emptyFields),
    validate: schemaResolver(vrfCreateSchema, { sync: true }),
    requests: [create, update],
    onClose,
  });

  const submit = form.onSubmit((values) => {
    if (save.isPending) return;
    const fields = {
      name: values.name.trim(),
      rd: values.rd.trim(),
      description: values.description.trim(),
    };
    const onSuccess = () => {
      notifications.show({ color: 'green', message: vrf ? 'VRF saved.' : `VRF ${fields.name} created.` });
      close();
    };
    if (vrf) update.mutate({ id: vrf.id, fields }, { onSuccess, onError: showFieldErrors });
    else create.mutate(fields, { onSuccess, onError: showFieldErrors });
  });

  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={MAX_NAME_LENGTH}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Route Distinguisher"
            placeholder="e.g. 65000:1 or 192.0.2.1:7"
            description="Optional: ASN:number or IPv4:number"
            spellCheck={false}
            autoComplete="off"
            maxLength={40}
            {...form.getInputProps('rd')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={MAX_DESCRIPTION_LENGTH}
            {...form.getInputProps('description')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {errorMessage(failure)}
            </Alert>
          )}
          <DialogActions
            onCancel={close}
            isSubmitting={save.isPending}
            submitLabel={vrf ? 'Save' : 'Create VRF'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
