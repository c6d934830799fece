import type { Subnet } from '@ipam/core/api/ipam';
import type { Scanner, ScannerWithKey } from '@ipam/core/api/scanner';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '@ipam/core/schemas/common-fields';
import { scannerCreateSchema, scannerUpdateSchema } from '@ipam/core/schemas/scanner-schemas';
import { Alert, Modal, MultiSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCreateScanner, useUpdateScanner } from '../api/save-scanner.js';
import {
  emptyScannerForm,
  scannerFieldOf,
  scannerFormValuesOf,
  type ScannerFormValues,
  subnetChoices,
} from '../scanner-form-values.js';

interface ScannerFormModalProps {
  accountId: string;
  /** The account's subnets to pick from; undefined while they load. */
  subnets: readonly Subnet[] | undefined;
  opened: boolean;
  /** The scanner being edited; null for Add Scanner. */
  scanner: Scanner | null;
  onClose: () => void;
  /** A new scanner with its key, to be shown once. */
  onCreated: (scanner: ScannerWithKey) => void;
}

/** Add Scanner / Edit Scanner: name, description, the subnets to scan and Block Scanning. */
export function ScannerFormModal(props: ScannerFormModalProps) {
  const { accountId, subnets, opened, scanner, onClose, onCreated } = props;
  const create = useCreateScanner(accountId);
  const update = useUpdateScanner(accountId);
  const save = scanner ? update : create;
  const title = scanner ? 'Edit Scanner' : 'Add Scanner';
  const { form, close, showFieldErrors, failure } = useDialogForm<ScannerFormValues>({
    openFor: opened ? (scanner?.id ?? 'new') : null,
    values: () => (scanner ? scannerFormValuesOf(scanner) : emptyScannerForm),
    // Both forms show every field, so the create schema's rules are the edit form's too.
    validate: schemaResolver(scannerCreateSchema, { sync: true }),
    requests: [create, update],
    fieldOf: scannerFieldOf,
    onClose,
  });

  const submit = form.onSubmit((values) => {
    if (scanner) {
      // Only what changed, so a field another member edited meanwhile keeps their value.
      const changed = Object.fromEntries(Object.entries(values).filter(([field]) => form.isDirty(field)));
      update.mutate(
        { id: scanner.id, fields: scannerUpdateSchema.parse(changed) },
        {
          onSuccess: (saved) => {
            notifications.show({ color: 'green', message: `Scanner ${saved.name} saved.` });
            close();
          },
          onError: showFieldErrors,
        },
      );
      return;
    }
    create.mutate(scannerCreateSchema.parse(values), {
      onSuccess: (created) => {
        close();
        onCreated(created);
      },
      onError: showFieldErrors,
    });
  });

  const picked = form.getValues().subnets;
  return (
    <Modal opened={opened} onClose={close} title={title} size="lg">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={MAX_NAME_LENGTH}
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={MAX_DESCRIPTION_LENGTH}
            {...form.getInputProps('description')}
          />
          <MultiSelect
            label="Subnets to scan"
            description="The scanner scans the ones set to approval or auto scanning, when they are due."
            placeholder={picked.length === 0 ? 'Pick subnets' : undefined}
            data={subnetChoices(subnets ?? [], picked)}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage={nothingFound(subnets)}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('subnets')}
          />
          <Switch
            label="Block Scanning"
            description="While on, the scanner keeps calling in but is given nothing to scan."
            {...form.getInputProps('blockScanning', { type: 'checkbox' })}
          />
          {failure && (
            <Alert color="red" role="alert">
              {errorMessage(failure)}
            </Alert>
          )}
          <DialogActions
            onCancel={close}
            isSubmitting={save.isPending}
            submitLabel={scanner ? 'Save' : 'Add Scanner'}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** What the Subnets picker says when it offers nothing. */
function nothingFound(subnets: readonly Subnet[] | undefined): string {
  if (subnets === undefined) return 'Loading subnets...';
  return subnets.length === 0 ? 'This account has no subnets yet.' : 'No match.';
}
