import type { ApiTokenWithSecret } from '@ipam/core/api/token';
import { tokenCreateSchema, type TokenScope } from '@ipam/core/schemas/token-schemas';
import { MAX_NAME_LENGTH } from '@ipam/core/schemas/common-fields';
import { Alert, Modal, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { useDialogForm } from '../../../components/ui/use-dialog-form.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useCreateToken } from '../api/tokens.js';
import { TokenSecretView } from './token-secret-view.js';

interface CreateTokenModalProps {
  accountId: string;
  opened: boolean;
  onClose: () => void;
}

const expiryChoices = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
  { value: 'none', label: 'No expiry' },
];
const scopeChoices = [
  { value: 'read', label: 'Read-only (GET requests only)' },
  { value: 'write', label: 'Read-write' },
];

function expiresInDaysOf(choice: string): 30 | 90 | 365 | null {
  return choice === '30' ? 30 : choice === '90' ? 90 : choice === '365' ? 365 : null;
}

/** New API Token: name, expiry and scope; the secret is then shown once in the same dialog. */
export function CreateTokenModal({ accountId, opened, onClose }: CreateTokenModalProps) {
  const create = useCreateToken(accountId);
  const { form, close, showFieldErrors, failure } = useDialogForm({
    openFor: opened ? 'token' : null,
    values: () => ({ name: '', scope: 'read' as TokenScope, expiry: '90' }),
    validate: schemaResolver(tokenCreateSchema.pick({ name: true }).loose(), { sync: true }),
    requests: [create],
    onClose,
  });

  const submit = form.onSubmit((values) =>
    create.mutate(
      { name: values.name.trim(), scope: values.scope, expiresInDays: expiresInDaysOf(values.expiry) },
      { onSuccess: () => form.resetDirty(), onError: showFieldErrors },
    ),
  );
  const created: ApiTokenWithSecret | undefined = create.data;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? `API token ${created.name}` : 'New API Token'}
      size="lg"
      // Once the secret is shown, a stray click beside the dialog must not lose it.
      closeOnClickOutside={!created}
    >
      {created ? (
        <TokenSecretView accountId={accountId} token={created} onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Name"
              required
              maxLength={MAX_NAME_LENGTH}
              data-autofocus
              description="What the token is for, e.g. the script or system that uses it."
              {...form.getInputProps('name')}
            />
            <Select
              label="Scope"
              data={scopeChoices}
              allowDeselect={false}
              {...form.getInputProps('scope')}
            />
            <Select
              label="Expiry"
              data={expiryChoices}
              allowDeselect={false}
              {...form.getInputProps('expiry')}
            />
            {failure && (
              <Alert color="red" role="alert">
                {errorMessage(failure)}
              </Alert>
            )}
            <DialogActions onCancel={close} isSubmitting={create.isPending} submitLabel="Create Token" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
